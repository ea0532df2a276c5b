from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Private leagues run by organisers, and the monthly Champions League."""

    name = "leagues"
    verbose_name = "Leagues"

    def ready(self) -> None:
        # games decides who may watch a table but never imports leagues: told here who the
        # members of a league table's league are
        from games.watch.selectors import league_members_register

        from .selectors_watch import league_games_of_member

        league_members_register(league_games_of_member)
