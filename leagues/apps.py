from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Private leagues run by organisers, and the monthly Champions League."""

    name = "leagues"
    verbose_name = "Leagues"
