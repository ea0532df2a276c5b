"""Stripe, configured in one place: the secret key, and the API base when a stand-in replaces
Stripe (settings.STRIPE_API_BASE; tests and machines without network)."""

from __future__ import annotations

import stripe
from django.conf import settings
from stripe._base_address import BaseAddresses

# Stripe answers a retried create with the same idempotency key with the first answer, so
# retrying a dropped connection never opens a second checkout.
NETWORK_RETRIES = 2


def stripe_client() -> stripe.StripeClient:
    """A client for the current settings (read on each call, so overridden settings count)."""
    base_addresses: BaseAddresses = {}
    if settings.STRIPE_API_BASE:
        base_addresses["api"] = settings.STRIPE_API_BASE.rstrip("/")
    return stripe.StripeClient(
        settings.STRIPE_SECRET_KEY,
        base_addresses=base_addresses,
        max_network_retries=NETWORK_RETRIES,
    )
