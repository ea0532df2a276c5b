from django.apps import AppConfig


class RankingsConfig(AppConfig):
    """Monthly and twelve-month rankings, ranks and their rewards, achievements."""

    name = "rankings"
    verbose_name = "Rankings and achievements"
