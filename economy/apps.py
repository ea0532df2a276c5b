from django.apps import AppConfig


class EconomyConfig(AppConfig):
    """Silver and gold coins: a ledger, the silver cap of 200, gold bought through Stripe."""

    name = "economy"
    verbose_name = "Coins"
