"""Staff views of coins: wallets and their ledgers, compensation; purchases in admin_purchases."""

from . import admin_purchases  # noqa: F401  (registers purchases and Stripe events)
