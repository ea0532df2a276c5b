"""A scene for the webhook shape tests: a player with a paid pack (to refund and dispute) and a
second checkout paid at Stripe but not yet told, and one well-formed event of each type the
site handles (and of one it does not)."""

from __future__ import annotations

import contextlib
import copy
import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.test import Client

from accounts.models import User
from economy.models import LedgerEntry, Purchase, StripeEvent, UnusableStripeEvent, Wallet
from economy.selectors import wallet_ledger_matches
from economy.stripe_standin import StripeStandIn

from .conftest import checkout_open, checkout_paid, webhook_post

UNHANDLED_TYPE = "customer.created"


@dataclass
class Scene:
    player: User
    webhook: Client  # Stripe's side: not logged in
    events: dict[str, dict[str, Any]]  # event type -> a well-formed event of it


class _Undo(Exception):
    pass


@contextlib.contextmanager
def undone() -> Iterator[None]:
    """Whatever happens inside is rolled back (a savepoint), so each case starts alike."""
    with contextlib.suppress(_Undo), transaction.atomic():
        yield
        raise _Undo


def coins_state() -> tuple:
    """Every balance, ledger entry and purchase: what an unusable event must leave alone."""
    return (
        sorted(Wallet.objects.values_list("pk", "silver", "gold", "gold_debt", "open_disputes")),
        sorted(
            LedgerEntry.objects.values_list(
                "wallet_id", "currency", "amount", "balance_after", "reason", "idempotency_key"
            )
        ),
        sorted(
            Purchase.objects.values_list(
                "pk",
                "status",
                "amount_cents",
                "amount_refunded_cents",
                "gold_taken_back",
                "disputed",
                "stripe_payment_intent_id",
            )
        ),
    )


def fresh(event: dict[str, Any]) -> dict[str, Any]:
    """The same event under a new id (a copy: mutations never reach the scene)."""
    return {**copy.deepcopy(event), "id": "evt_test_" + secrets.token_hex(12)}


def scene_build(player: User, player_client: Client, stand_in: StripeStandIn) -> Scene:
    paid_pack = checkout_paid(player_client, stand_in, "gold-600")  # 600 gold for $9.99
    session_id = checkout_open(player_client, "gold-100")
    session_paid = stand_in.session_pay(session_id)
    objects = {
        "checkout.session.completed": session_paid,
        "checkout.session.async_payment_succeeded": session_paid,
        "checkout.session.async_payment_failed": {**session_paid, "payment_status": "unpaid"},
        "checkout.session.expired": {
            **session_paid,
            "status": "expired",
            "payment_status": "unpaid",
        },
        "charge.refunded": stand_in.charge_refund(paid_pack, 333),
        "charge.dispute.created": stand_in.dispute(paid_pack, status="needs_response"),
        "charge.dispute.closed": stand_in.dispute(paid_pack, status="lost"),
        UNHANDLED_TYPE: {"id": "cus_test_1", "object": "customer", "metadata": {}},
    }
    events = {kind: stand_in.event(kind, data) for kind, data in objects.items()}
    return Scene(player=player, webhook=Client(), events=events)


def effect_of(scene: Scene, kind: str) -> tuple:
    """coins_state() once the well-formed event of `kind` is handled (then undone)."""
    with undone():
        assert deliver(scene.webhook, fresh(scene.events[kind])) == Delivery(200, None)
        return coins_state()


@dataclass(frozen=True)
class Delivery:
    status_code: int
    unusable: dict[str, Any] | None  # the JSON answer of an unusable event


def deliver(client: Client, event: Any) -> Delivery:
    response = webhook_post(client, event)
    assert response.status_code in (200, 503), response.content
    unusable = None
    if response["Content-Type"] == "application/json":
        unusable = json.loads(response.content)
        assert unusable["status"] == "unusable"
    else:
        assert response.content in (b"ok", b"Purchase not known yet.")
    return Delivery(response.status_code, unusable)


def counts() -> tuple[int, int]:
    return StripeEvent.objects.count(), UnusableStripeEvent.objects.count()


def delivered_twice(scene: Scene, event: Any, kind: str, *, then_good: bool = True) -> Delivery:
    """Delivers `event` twice and checks what holds whatever its shape: no 500, an unusable
    event moves nothing and is recorded once, a usable one is handled once and keeps the
    ledger whole. When it was not taken (and `then_good`), the well-formed event of `kind`
    then still does exactly what it would have done without it, once."""
    expected = effect_of(scene, kind) if then_good else None
    before, (handled, unusable) = coins_state(), counts()
    first = deliver(scene.webhook, event)
    after = coins_state()
    if first.status_code == 503:  # asked for again later: nothing kept
        assert (after, counts()) == (before, (handled, unusable))
    elif first.unusable is not None:
        assert after == before
        assert counts() == (handled, unusable + 1)
    else:
        assert counts() == (handled + 1, unusable)
        assert all(
            wallet_ledger_matches(user_id=pk) for pk in Wallet.objects.values_list("pk", flat=True)
        )
    counted = counts()

    assert deliver(scene.webhook, event) == first
    assert (coins_state(), counts()) == (after, counted)
    if first.unusable is not None:
        assert UnusableStripeEvent.objects.latest("id").deliveries == 2

    if then_good and (first.status_code == 503 or first.unusable is not None):
        good = fresh(scene.events[kind])
        assert deliver(scene.webhook, good) == Delivery(200, None)
        assert deliver(scene.webhook, good) == Delivery(200, None)
        assert coins_state() == expected
    return first
