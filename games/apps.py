from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Tables and live play. The rules live apart, in the Django-free `games.engine`."""

    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # accounts imports no games: told here whose friends changed, for the site sockets
        from accounts.friends.services import friends_changed_register

        from .presence.services import site_friends_changed

        friends_changed_register(site_friends_changed)
