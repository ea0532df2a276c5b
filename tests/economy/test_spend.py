"""Spending: silver first, gold for the rest, all or nothing, once per key; owed gold blocks
spending and a dispute freezes gold."""

from __future__ import annotations

import pytest

from economy.models import Currency, LedgerEntry, Wallet
from economy.selectors import wallet_ledger_matches
from economy.services.errors import WalletRefused
from economy.services.prices import league_charge
from economy.services.wallet import Spend, wallet_spend

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db

GAME = LedgerEntry.Reason.GAME


def spend(user, price, key="k"):
    return wallet_spend(
        user_id=user.pk,
        price=price,
        reason=GAME,
        reference="game:1",
        idempotency_key=f"{key}:{user.pk}",
    )


def test_silver_is_spent_before_gold():
    player = new_player()
    wallet_set(player, silver=7, gold=20)
    assert spend(player, 5, "a") == Spend(silver=5, gold=0)
    assert spend(player, 5, "b") == Spend(silver=2, gold=3)
    assert balances(player) == (0, 17)
    entries = LedgerEntry.objects.filter(idempotency_key=f"b:{player.pk}")
    assert sorted((e.currency, e.amount) for e in entries) == [
        (Currency.GOLD, -3),
        (Currency.SILVER, -2),
    ]
    assert wallet_ledger_matches(user_id=player.pk)


def test_not_enough_coins_takes_nothing_and_says_how_many_are_missing():
    player = new_player()
    wallet_set(player, silver=3, gold=1)
    before = LedgerEntry.objects.filter(wallet_id=player.pk).count()
    with pytest.raises(WalletRefused) as refused:
        spend(player, 10)
    assert refused.value.code == "not_enough_coins"
    assert "you need 6 coins more" in refused.value.message
    assert balances(player) == (3, 1)
    assert LedgerEntry.objects.filter(wallet_id=player.pk).count() == before


def test_a_retried_spend_charges_once_and_returns_the_first_result():
    player = new_player()
    wallet_set(player, silver=2, gold=10)
    first = spend(player, 5)
    assert spend(player, 5) == first == Spend(silver=2, gold=3)
    assert balances(player) == (0, 7)


def test_owed_gold_blocks_all_spending():
    player = new_player()
    wallet_set(player, silver=100, gold=10)
    Wallet.objects.filter(pk=player.pk).update(gold_debt=4)
    with pytest.raises(WalletRefused) as refused:
        spend(player, 1)
    assert refused.value.code == "gold_owed"
    assert "owe 4 gold" in refused.value.message
    assert balances(player) == (100, 10)


def test_a_dispute_freezes_gold_but_silver_can_still_be_spent():
    player = new_player()
    wallet_set(player, silver=4, gold=50)
    Wallet.objects.filter(pk=player.pk).update(open_disputes=1)
    assert spend(player, 4, "silver") == Spend(silver=4, gold=0)
    with pytest.raises(WalletRefused) as refused:
        spend(player, 1, "gold")
    assert refused.value.code == "gold_frozen"
    assert "dispute" in refused.value.message
    assert balances(player) == (0, 50)


def test_a_league_is_charged_once_even_when_the_request_is_retried(settings):
    settings.ECONOMY_PRICE_LEAGUE = 50
    player = new_player()
    wallet_set(player, silver=30, gold=40)
    league_charge(league_id=9, user_id=player.pk)
    league_charge(league_id=9, user_id=player.pk)
    assert balances(player) == (0, 20)
    reasons = LedgerEntry.objects.filter(wallet_id=player.pk, idempotency_key="league:9")
    assert {entry.reason for entry in reasons} == {LedgerEntry.Reason.LEAGUE}


def test_a_free_price_moves_nothing():
    player = new_player()
    wallet_set(player, silver=0)
    assert spend(player, 0) == Spend(0, 0)
