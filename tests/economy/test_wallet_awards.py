"""Silver awards: capped at 200 with partial credit (seed 000), once per key."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from economy.models import Currency, LedgerEntry, Wallet
from economy.selectors import wallet_ledger_matches
from economy.services.wallet import wallet_award

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db

ACHIEVEMENT = LedgerEntry.Reason.ACHIEVEMENT


def award(user, amount, key="achievement:lone_wolf"):
    return wallet_award(
        user_id=user.pk,
        amount=amount,
        reason=ACHIEVEMENT,
        reference="achievement:lone_wolf",
        idempotency_key=f"{key}:{user.pk}",
    )


def test_a_new_player_starts_with_the_welcome_silver(settings):
    settings.ECONOMY_WELCOME_SILVER = 50
    player = new_player()
    assert award(player, 10) == 10
    assert balances(player) == (60, 0)
    welcome = LedgerEntry.objects.get(wallet_id=player.pk, reason=LedgerEntry.Reason.WELCOME)
    assert welcome.amount == 50


def test_seed_example_190_silver_and_a_50_coin_achievement_credits_10():
    player = new_player()
    wallet_set(player, silver=190)
    assert award(player, 50) == 10
    assert balances(player) == (200, 0)
    entry = LedgerEntry.objects.get(wallet_id=player.pk, reason=ACHIEVEMENT)
    assert (entry.amount, entry.balance_after, entry.currency) == (10, 200, Currency.SILVER)


def test_an_award_to_a_full_wallet_credits_nothing_and_writes_no_entry():
    player = new_player()
    wallet_set(player, silver=200)
    assert award(player, 50) == 0
    assert not LedgerEntry.objects.filter(wallet_id=player.pk, reason=ACHIEVEMENT).exists()


def test_an_award_retried_with_its_key_credits_once():
    player = new_player()
    wallet_set(player, silver=0)
    assert award(player, 30) == 30
    assert award(player, 30) == 30  # the first call's result, nothing moves again
    assert balances(player) == (30, 0)
    assert LedgerEntry.objects.filter(wallet_id=player.pk, reason=ACHIEVEMENT).count() == 1
    assert wallet_ledger_matches(user_id=player.pk)


def test_gold_is_never_awarded_and_has_no_cap():
    player = new_player()
    wallet_set(player, silver=200, gold=5000)
    assert balances(player) == (200, 5000)


@pytest.mark.parametrize(
    ("field", "value"),
    [("silver", 201), ("silver", -1), ("gold", -1), ("gold_debt", -1), ("open_disputes", -1)],
)
def test_the_database_refuses_a_balance_out_of_bounds_on_a_direct_update(field, value):
    player = new_player()
    wallet_set(player, silver=10)
    with pytest.raises(IntegrityError), transaction.atomic():
        Wallet.objects.filter(pk=player.pk).update(**{field: value})


def test_the_database_refuses_a_second_entry_with_the_same_key_and_currency():
    player = new_player()
    wallet_set(player, silver=10)
    award(player, 5, key="once")
    wallet = Wallet.objects.get(pk=player.pk)
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            wallet=wallet,
            currency=Currency.SILVER,
            amount=5,
            balance_after=20,
            reason=ACHIEVEMENT,
            idempotency_key=f"once:{player.pk}",
        )
