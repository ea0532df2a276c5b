"""Gold purchases against a local stand-in of Stripe: the real `stripe` library talks HTTP to
it (settings.STRIPE_API_BASE), and webhooks are signed exactly as Stripe signs them."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from accounts.models import User
from economy.stripe_standin import StripeStandIn, signature_header

WEBHOOK_SECRET = "whsec_test_0123456789abcdef"


@pytest.fixture
def stand_in(settings) -> Iterator[StripeStandIn]:
    prices = {
        pack["price_id"]: (pack["amount_cents"], pack["currency"])
        for pack in django_settings.ECONOMY_GOLD_PACKS.values()
    }
    server = StripeStandIn(prices=prices).start()
    settings.STRIPE_API_BASE = server.url
    settings.STRIPE_SECRET_KEY = "sk_test_standin"
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    yield server
    server.stop()


@pytest.fixture
def player(db) -> User:
    return User.objects.create_user(email="buyer@example.com", password="x", display_name="Buyer")


@pytest.fixture
def player_client(player) -> Client:
    client = Client()
    client.force_login(player)
    return client


def webhook_post(
    client: Client,
    event: dict[str, Any],
    *,
    secret: str = WEBHOOK_SECRET,
    timestamp: int | None = None,
):
    """Delivers `event` as Stripe does: the raw JSON body, signed in `Stripe-Signature`."""
    payload = json.dumps(event)
    return client.post(
        reverse("purchases:stripe_webhook"),
        data=payload,
        content_type="application/json",
        headers={"Stripe-Signature": signature_header(payload, secret, timestamp)},
    )


def checkout_open(client: Client, pack: str = "gold-100", request_key: str | None = None) -> str:
    """Presses "buy" for `pack`; returns the Checkout Session id Stripe was asked for."""
    response = client.post(
        reverse("purchases:checkout"),
        {"pack": pack, "request_key": request_key or uuid.uuid4().hex},
    )
    assert response.status_code == 303, response.content
    return response["Location"].rsplit("/", 1)[-1]


def checkout_paid(client: Client, stand_in: StripeStandIn, pack: str = "gold-100") -> str:
    """A pack bought and its webhook delivered; returns the session id."""
    session_id = checkout_open(client, pack)
    session = stand_in.session_pay(session_id)
    response = webhook_post(client, stand_in.event("checkout.session.completed", session))
    assert response.status_code == 200
    return session_id


def stale(seconds: int = 301) -> int:
    return int(time.time()) - seconds
