from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Tables and live play. The rules live apart, in the Django-free `games.engine`."""

    name = "games"
    verbose_name = "Games"
