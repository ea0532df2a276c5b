"""Buying a pack: the checkout Stripe is asked for, one checkout per click, the way back."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from accounts.models import User
from economy.models import Currency, LedgerEntry, Purchase, Wallet
from economy.services.ledger import ledger_post, wallet_locked

from .conftest import checkout_open, webhook_post

pytestmark = pytest.mark.django_db


def test_the_buy_page_offers_each_pack_with_its_price_and_a_one_time_key(player_client, stand_in):
    response = player_client.get(reverse("purchases:buy"))
    page = response.content.decode()
    assert response.status_code == 200
    for gold, price in ((100, "$1.99"), (600, "$9.99"), (1500, "$19.99")):
        assert f"Buy {gold} gold" in page
        assert price in page
    keys = [offer["request_key"] for offer in response.context["offers"]]
    assert len(set(keys)) == 3
    assert all(key in page for key in keys)
    again = player_client.get(reverse("purchases:buy")).context["offers"]
    assert not set(keys) & {offer["request_key"] for offer in again}


def test_buying_opens_a_checkout_for_the_pack_and_the_player(player, player_client, stand_in):
    response = player_client.post(
        reverse("purchases:checkout"), {"pack": "gold-600", "request_key": uuid.uuid4().hex}
    )
    assert response.status_code == 303
    purchase = Purchase.objects.get()
    session = stand_in.sessions[purchase.stripe_session_id]
    assert response["Location"] == session["url"]
    assert session["mode"] == "payment"
    assert session["amount_total"] == 999
    assert session["client_reference_id"] == str(purchase.pk)
    assert session["metadata"] == {"purchase_id": str(purchase.pk), "user_id": str(player.pk)}
    assert session["success_url"].endswith("/coins/bought/?session_id={CHECKOUT_SESSION_ID}")
    assert session["cancel_url"].endswith(reverse("purchases:cancelled"))
    assert (purchase.user, purchase.pack, purchase.gold) == (player, "gold-600", 600)
    assert purchase.status == Purchase.Status.CREATED


def test_a_double_click_opens_one_checkout(player_client, stand_in):
    key = uuid.uuid4().hex
    first = checkout_open(player_client, "gold-100", request_key=key)
    second = checkout_open(player_client, "gold-100", request_key=key)
    assert first == second
    assert Purchase.objects.count() == 1
    assert stand_in.session_creates == 1


@pytest.mark.django_db(transaction=True)
def test_two_clicks_at_the_same_moment_open_one_checkout(player, stand_in):
    key = uuid.uuid4().hex
    locations: list[str] = []
    start = threading.Barrier(2)

    def click() -> None:
        client = Client()
        client.force_login(player)
        start.wait()
        response = client.post(
            reverse("purchases:checkout"), {"pack": "gold-100", "request_key": key}
        )
        locations.append(response["Location"])
        connection.close()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(locations) == 2 and locations[0] == locations[1]
    assert Purchase.objects.count() == 1
    assert len(stand_in.sessions) == 1


def test_another_click_on_the_same_form_after_the_checkout_ended_is_explained(
    player_client, stand_in
):
    key = uuid.uuid4().hex
    session_id = checkout_open(player_client, request_key=key)
    stand_in.session_expire(session_id)
    response = player_client.post(
        reverse("purchases:checkout"), {"pack": "gold-100", "request_key": key}, follow=True
    )
    assert "already finished or has expired" in response.content.decode()
    assert stand_in.session_creates == 1


@pytest.mark.parametrize(
    "form, words",
    [
        ({"pack": "gold-7", "request_key": uuid.uuid4().hex}, "not on sale"),
        ({"pack": "gold-100", "request_key": "<script>"}, "out of date"),
        ({"pack": "gold-100"}, "out of date"),
    ],
)
def test_a_bad_form_is_refused_with_a_reason(player_client, stand_in, form, words):
    response = player_client.post(reverse("purchases:checkout"), form, follow=True)
    assert response.redirect_chain[-1][0] == reverse("purchases:buy")
    assert words in response.content.decode()
    assert not Purchase.objects.exists()


def test_when_stripe_cannot_be_reached_the_player_is_told_and_nothing_is_charged(
    player_client, stand_in, settings
):
    settings.STRIPE_API_BASE = "http://127.0.0.1:9"  # nothing listens there
    response = player_client.post(
        reverse("purchases:checkout"),
        {"pack": "gold-100", "request_key": uuid.uuid4().hex},
        follow=True,
    )
    assert "did not answer. Nothing was charged" in response.content.decode()
    assert Purchase.objects.get().stripe_session_id is None


def test_buying_needs_a_login(client, stand_in):
    response = client.get(reverse("purchases:buy"))
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_the_success_page_says_processing_until_the_webhook_credits(
    player, player_client, stand_in
):
    session_id = checkout_open(player_client)
    bought = reverse("purchases:bought") + f"?session_id={session_id}"
    status = reverse("purchases:bought_status") + f"?session_id={session_id}"

    page = player_client.get(bought).content.decode()
    assert "Payment processing" in page
    assert player_client.get(status).json() == {"status": "created", "gold": 100}

    paid = stand_in.session_pay(session_id)
    webhook_post(player_client, stand_in.event("checkout.session.completed", paid))
    assert player_client.get(status).json() == {"status": "paid", "gold": 100}
    page = player_client.get(bought).content.decode()
    assert "100 gold credited" in page
    assert "Payment processing" not in page


def test_the_success_page_credits_a_paid_checkout_itself_once(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    session = stand_in.session_pay(session_id)
    bought = reverse("purchases:bought") + f"?session_id={session_id}"

    assert "100 gold credited" in player_client.get(bought).content.decode()
    webhook_post(player_client, stand_in.event("checkout.session.completed", session))
    player_client.get(bought)

    assert Wallet.objects.get(pk=player.pk).gold == 100
    assert LedgerEntry.objects.filter(reason=LedgerEntry.Reason.PURCHASE).count() == 1


def race(owner: Client, session_id: str, event: dict) -> list[int]:
    """The success page and the webhook, started at the same moment in two threads."""
    start = threading.Barrier(2)
    answers: list[int] = []

    def page() -> None:
        start.wait()
        response = owner.get(reverse("purchases:bought"), {"session_id": session_id})
        answers.append(response.status_code)
        connection.close()

    def webhook() -> None:
        start.wait()
        answers.append(webhook_post(Client(), event).status_code)
        connection.close()

    threads = [threading.Thread(target=page), threading.Thread(target=webhook)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_the_success_page_and_the_webhook_racing_credit_once(player, stand_in):
    owner = Client()
    owner.force_login(player)
    for _ in range(3):
        session_id = checkout_open(owner)
        event = stand_in.event("checkout.session.completed", stand_in.session_pay(session_id))
        assert race(owner, session_id, event) == [200, 200]

    assert Wallet.objects.get(pk=player.pk).gold == 300
    assert LedgerEntry.objects.filter(reason=LedgerEntry.Reason.PURCHASE).count() == 3
    assert not Purchase.objects.exclude(status=Purchase.Status.PAID).exists()


def test_another_players_session_shows_nothing(player_client, stand_in, db):
    session_id = checkout_open(player_client)
    other = Client()
    other.force_login(User.objects.create_user(email="other@example.com", password="x"))
    page = other.get(reverse("purchases:bought"), {"session_id": session_id}).content.decode()
    assert "No such purchase" in page
    status = other.get(reverse("purchases:bought_status"), {"session_id": session_id})
    assert status.status_code == 404


def test_leaving_the_checkout_returns_to_the_packs_with_a_message(player_client, stand_in):
    response = player_client.get(reverse("purchases:cancelled"), follow=True)
    assert response.redirect_chain[-1][0] == reverse("purchases:buy")
    assert "Nothing was charged" in response.content.decode()


def test_a_frozen_wallet_cannot_buy(player, player_client, stand_in):
    with transaction.atomic():
        wallet_locked(user_id=player.pk)
    Wallet.objects.filter(pk=player.pk).update(open_disputes=1)
    page = player_client.get(reverse("purchases:buy")).content.decode()
    assert "frozen while a payment dispute is open" in page
    assert "Buy 100 gold" not in page
    response = player_client.post(
        reverse("purchases:checkout"),
        {"pack": "gold-1500", "request_key": uuid.uuid4().hex},
        follow=True,
    )
    assert "frozen while a payment dispute is open" in response.content.decode()
    assert not Purchase.objects.exists()


def test_gold_owed_allows_only_a_pack_that_covers_it_and_is_paid_first(
    player, player_client, stand_in
):
    with transaction.atomic():
        wallet = wallet_locked(user_id=player.pk)
        ledger_post(
            wallet=wallet,
            currency=Currency.GOLD_DEBT,
            amount=150,
            reason=LedgerEntry.Reason.REFUND,
            reference="test",
            idempotency_key="test-debt",
        )
    page = player_client.get(reverse("purchases:buy")).content.decode()
    assert "You owe 150 gold" in page
    assert "Buy 100 gold" not in page and "Buy 600 gold" in page
    refused = player_client.post(
        reverse("purchases:checkout"),
        {"pack": "gold-100", "request_key": uuid.uuid4().hex},
        follow=True,
    )
    assert "Buy a pack of at least 150 gold" in refused.content.decode()

    session_id = checkout_open(player_client, "gold-600")
    paid = stand_in.session_pay(session_id)
    webhook_post(player_client, stand_in.event("checkout.session.completed", paid))
    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.gold, wallet.gold_debt) == (450, 0)
    settled = LedgerEntry.objects.get(reason=LedgerEntry.Reason.DEBT_SETTLED)
    assert (settled.currency, settled.amount) == (Currency.GOLD_DEBT, -150)
