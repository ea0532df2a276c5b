"""Refunds take gold back in proportion; gold already spent becomes owed, never negative."""

from __future__ import annotations

import uuid

import pytest
from django.db import transaction
from django.urls import reverse

from economy.models import Currency, LedgerEntry, Purchase, Wallet
from economy.services.errors import WalletRefused
from economy.services.ledger import ledger_post, wallet_locked
from economy.services.wallet import wallet_spend

from .conftest import checkout_open, checkout_paid, webhook_post

pytestmark = pytest.mark.django_db


def spend_gold(user_id: int, amount: int, key: str) -> None:
    """Gold spent on play, as the spending service records it."""
    with transaction.atomic():
        wallet = wallet_locked(user_id=user_id)
        ledger_post(
            wallet=wallet,
            currency=Currency.GOLD,
            amount=-amount,
            reason=LedgerEntry.Reason.GAME,
            reference="game:1",
            idempotency_key=key,
        )


def refund(client, stand_in, session_id: str, cents: int) -> dict:
    event = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, cents))
    assert webhook_post(client, event).status_code == 200
    return event


def test_two_partial_refunds_take_back_gold_in_proportion(player, player_client, stand_in):
    session_id = checkout_paid(player_client, stand_in, "gold-100")  # 100 gold for $1.99

    refund(player_client, stand_in, session_id, 50)  # floor(100 * 50 / 199) = 25
    purchase = Purchase.objects.get()
    assert (purchase.amount_refunded_cents, purchase.gold_taken_back) == (50, 25)
    assert Wallet.objects.get(pk=player.pk).gold == 75

    refund(player_client, stand_in, session_id, 50)  # cumulative 100: floor(10000 / 199) = 50
    purchase.refresh_from_db()
    assert (purchase.amount_refunded_cents, purchase.gold_taken_back) == (100, 50)
    assert Wallet.objects.get(pk=player.pk).gold == 50
    taken = LedgerEntry.objects.filter(reason=LedgerEntry.Reason.REFUND).order_by("id")
    assert [entry.amount for entry in taken] == [-25, -25]

    refund(player_client, stand_in, session_id, 99)  # the rest: all the gold goes back
    purchase.refresh_from_db()
    assert (purchase.amount_refunded_cents, purchase.gold_taken_back) == (199, 100)
    assert Wallet.objects.get(pk=player.pk).gold == 0


def test_refund_reports_arriving_out_of_order_take_back_the_larger_once(
    player, player_client, stand_in
):
    session_id = checkout_paid(player_client, stand_in, "gold-600")  # 600 gold for $9.99
    first = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, 333))
    second = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, 333))

    webhook_post(player_client, second)  # cumulative 666: floor(600 * 666 / 999) = 400
    webhook_post(player_client, first)  # cumulative 333, older news: nothing more
    webhook_post(player_client, second)  # a redelivery: nothing

    purchase = Purchase.objects.get()
    assert (purchase.amount_refunded_cents, purchase.gold_taken_back) == (666, 400)
    assert Wallet.objects.get(pk=player.pk).gold == 200


def test_a_refund_after_the_gold_was_spent_leaves_a_debt_not_a_negative_balance(
    player, player_client, stand_in
):
    session_id = checkout_paid(player_client, stand_in, "gold-600")
    spend_gold(player.pk, 450, "game:1:spend")

    refund(player_client, stand_in, session_id, 999)

    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.gold, wallet.gold_debt) == (0, 450)
    entries = LedgerEntry.objects.filter(reason=LedgerEntry.Reason.REFUND)
    assert {(entry.currency, entry.amount) for entry in entries} == {
        (Currency.GOLD, -150),
        (Currency.GOLD_DEBT, 450),
    }
    assert Purchase.objects.get().gold_taken_back == 600


def test_gold_owed_blocks_buying_until_a_pack_pays_it(player, player_client, stand_in):
    session_id = checkout_paid(player_client, stand_in, "gold-100")
    spend_gold(player.pk, 80, "game:1:spend")
    refund(player_client, stand_in, session_id, 199)
    assert Wallet.objects.get(pk=player.pk).gold_debt == 80

    with pytest.raises(WalletRefused) as refused:
        wallet_spend(
            user_id=player.pk, price=5, reason="game", reference="game:2", idempotency_key="g2"
        )
    assert refused.value.code == "gold_owed"
    page = player_client.get(reverse("purchases:buy")).content.decode()
    assert "You owe 80 gold" in page
    assert "Buy 100 gold" in page  # 100 covers 80: the one way to settle
    session_id = checkout_paid(player_client, stand_in, "gold-100")

    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.gold, wallet.gold_debt) == (20, 0)
    assert "You owe" not in player_client.get(reverse("purchases:buy")).content.decode()
    spent = wallet_spend(
        user_id=player.pk, price=5, reason="game", reference="game:3", idempotency_key="g3"
    )
    assert spent.silver + spent.gold == 5


def test_a_larger_debt_refuses_a_smaller_pack_with_the_reason(player, player_client, stand_in):
    session_id = checkout_paid(player_client, stand_in, "gold-600")
    spend_gold(player.pk, 500, "game:1:spend")
    refund(player_client, stand_in, session_id, 999)
    assert Wallet.objects.get(pk=player.pk).gold_debt == 500

    response = player_client.post(
        reverse("purchases:checkout"),
        {"pack": "gold-100", "request_key": uuid.uuid4().hex},
        follow=True,
    )
    assert "You owe 500 gold" in response.content.decode()
    assert "Buy a pack of at least 500 gold" in response.content.decode()
    assert Purchase.objects.count() == 1


def test_a_refund_of_an_unpaid_checkout_is_asked_for_again(player_client, stand_in):
    session_id = checkout_open(player_client)
    stand_in.session_pay(session_id, later=True)
    event = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, 199))
    assert webhook_post(player_client, event).status_code == 503
