"""Stripe's webhook: signatures checked on the raw body, each event once, any order."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from economy.models import Currency, LedgerEntry, Purchase, StripeEvent, Wallet
from economy.stripe_standin import signature_header

from .conftest import checkout_open, stale, webhook_post

pytestmark = pytest.mark.django_db


def gold_of(player) -> int:
    return Wallet.objects.get(pk=player.pk).gold


def test_a_paid_checkout_delivered_twice_credits_once(player, player_client, stand_in):
    session_id = checkout_open(player_client, "gold-600")
    event = stand_in.event("checkout.session.completed", stand_in.session_pay(session_id))

    first = webhook_post(player_client, event)
    again = webhook_post(player_client, event)

    assert (first.status_code, again.status_code) == (200, 200)
    assert gold_of(player) == 600
    assert LedgerEntry.objects.filter(reason=LedgerEntry.Reason.PURCHASE).count() == 1
    assert StripeEvent.objects.filter(event_id=event["id"]).count() == 1
    purchase = Purchase.objects.get(stripe_session_id=session_id)
    assert purchase.status == Purchase.Status.PAID
    assert purchase.stripe_payment_intent_id.startswith("pi_test_")


def test_the_same_payment_in_two_different_events_credits_once(player, player_client, stand_in):
    """Stripe sends both completed and async_payment_succeeded for some payments."""
    session = stand_in.session_pay(checkout_open(player_client))
    webhook_post(player_client, stand_in.event("checkout.session.completed", session))
    webhook_post(player_client, stand_in.event("checkout.session.async_payment_succeeded", session))
    assert gold_of(player) == 100


def test_a_wrong_signature_is_refused_and_moves_nothing(player, player_client, stand_in):
    session = stand_in.session_pay(checkout_open(player_client))
    event = stand_in.event("checkout.session.completed", session)

    response = webhook_post(player_client, event, secret="whsec_someone_else")

    assert response.status_code == 400
    assert not StripeEvent.objects.exists()
    assert Purchase.objects.get().status == Purchase.Status.CREATED


def test_a_body_changed_after_signing_is_refused(player, player_client, stand_in):
    session = stand_in.session_pay(checkout_open(player_client))
    payload = json.dumps(stand_in.event("checkout.session.completed", session))
    header = signature_header(payload, "whsec_test_0123456789abcdef")
    tampered = payload.replace('"amount_total": 199', '"amount_total": 1')
    assert tampered != payload
    response = player_client.post(
        reverse("purchases:stripe_webhook"),
        data=tampered,
        content_type="application/json",
        headers={"Stripe-Signature": header},
    )
    assert response.status_code == 400
    assert not StripeEvent.objects.exists()


def test_a_stale_signature_is_refused(player, player_client, stand_in):
    session = stand_in.session_pay(checkout_open(player_client))
    event = stand_in.event("checkout.session.completed", session)

    old = webhook_post(player_client, event, timestamp=stale(301))
    assert old.status_code == 400
    assert b"stale" in old.content
    assert not StripeEvent.objects.exists()
    # the same event, signed now, is taken: only the age was wrong
    assert webhook_post(player_client, event, timestamp=stale(5)).status_code == 200
    assert gold_of(player) == 100


@pytest.mark.parametrize(
    "headers, body",
    [({}, '{"id": "evt_1"}'), ({"Stripe-Signature": "nonsense"}, '{"id": "evt_1"}')],
)
def test_a_missing_or_unreadable_signature_is_refused(client, headers, body):
    response = client.post(
        reverse("purchases:stripe_webhook"),
        data=body,
        content_type="application/json",
        headers=headers,
    )
    assert response.status_code == 400


def test_a_signed_body_that_is_not_json_is_refused(client, stand_in):
    payload = "not json"
    response = client.post(
        reverse("purchases:stripe_webhook"),
        data=payload,
        content_type="application/json",
        headers={"Stripe-Signature": signature_header(payload, "whsec_test_0123456789abcdef")},
    )
    assert response.status_code == 400


def test_only_post_is_answered(client):
    assert client.get(reverse("purchases:stripe_webhook")).status_code == 405


def test_an_unknown_event_type_is_acknowledged(client, stand_in):
    event = stand_in.event("customer.created", {"id": "cus_1", "object": "customer"})
    assert webhook_post(client, event).status_code == 200
    assert StripeEvent.objects.filter(event_id=event["id"], type="customer.created").exists()


def test_a_checkout_that_is_not_ours_is_acknowledged(client, stand_in):
    session = {
        "id": "cs_test_other",
        "object": "checkout.session",
        "payment_status": "paid",
        "metadata": {},
        "payment_intent": "pi_other",
        "amount_total": 500,
    }
    response = webhook_post(client, stand_in.event("checkout.session.completed", session))
    assert response.status_code == 200
    assert not LedgerEntry.objects.exists()


def test_async_success_before_completed_credits_once_and_stays_paid(
    player, player_client, stand_in
):
    session_id = checkout_open(player_client)
    completed = stand_in.event(
        "checkout.session.completed", stand_in.session_pay(session_id, later=True)
    )
    succeeded = stand_in.event(
        "checkout.session.async_payment_succeeded", stand_in.session_settle(session_id)
    )

    assert webhook_post(player_client, succeeded).status_code == 200
    assert gold_of(player) == 100
    assert webhook_post(player_client, completed).status_code == 200  # late, says "unpaid"

    purchase = Purchase.objects.get()
    assert purchase.status == Purchase.Status.PAID
    assert gold_of(player) == 100


def test_a_delayed_payment_waits_then_credits(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    completed = stand_in.event(
        "checkout.session.completed", stand_in.session_pay(session_id, later=True)
    )
    webhook_post(player_client, completed)
    purchase = Purchase.objects.get()
    assert purchase.status == Purchase.Status.CREATED
    assert purchase.stripe_payment_intent_id  # remembered for a refund or dispute
    assert not Wallet.objects.filter(pk=player.pk, gold__gt=0).exists()

    settled = stand_in.session_settle(session_id)
    webhook_post(player_client, stand_in.event("checkout.session.async_payment_succeeded", settled))
    assert gold_of(player) == 100


def test_a_failed_delayed_payment_credits_nothing(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    webhook_post(
        player_client,
        stand_in.event("checkout.session.completed", stand_in.session_pay(session_id, later=True)),
    )
    webhook_post(
        player_client,
        stand_in.event(
            "checkout.session.async_payment_failed",
            stand_in.session_settle(session_id, succeeded=False),
        ),
    )
    assert Purchase.objects.get().status == Purchase.Status.FAILED
    assert not LedgerEntry.objects.filter(currency=Currency.GOLD).exists()


def test_expiry_arriving_after_payment_does_not_undo_it(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    paid = stand_in.session_pay(session_id)
    webhook_post(player_client, stand_in.event("checkout.session.completed", paid))
    expired = {**paid, "status": "expired"}
    webhook_post(player_client, stand_in.event("checkout.session.expired", expired))
    assert Purchase.objects.get().status == Purchase.Status.PAID
    assert gold_of(player) == 100


def test_an_abandoned_checkout_expires(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    expired = stand_in.session_expire(session_id)
    webhook_post(player_client, stand_in.event("checkout.session.expired", expired))
    assert Purchase.objects.get().status == Purchase.Status.EXPIRED


def test_a_refund_before_its_payment_is_known_is_asked_for_again(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    paid = stand_in.session_pay(session_id)
    refund = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, 199))

    early = webhook_post(player_client, refund)
    assert early.status_code == 503  # Stripe delivers it again later
    assert not StripeEvent.objects.filter(event_id=refund["id"]).exists()

    webhook_post(player_client, stand_in.event("checkout.session.completed", paid))
    assert gold_of(player) == 100
    assert webhook_post(player_client, refund).status_code == 200  # the redelivery
    assert gold_of(player) == 0
    assert Purchase.objects.get().gold_taken_back == 100
