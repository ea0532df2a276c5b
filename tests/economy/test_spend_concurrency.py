"""Many threads spending from one wallet at once never overdraw it and never lose an update.
The control spends without locking the wallet row and loses updates in the same race, which
shows the test can see the race it guards against (pretix-style)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable

import pytest
from django.db import connection, transaction

from economy.models import Currency, LedgerEntry, Wallet
from economy.selectors import wallet_ledger_matches
from economy.services.errors import WalletRefused
from economy.services.ledger import ledger_post
from economy.services.wallet import wallet_spend

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 12


def race(spend: Callable[[int], None]) -> tuple[int, int]:
    """Runs `spend(i)` in THREADS threads released together: (successes, refusals)."""
    start = threading.Barrier(THREADS)
    outcomes: list[str] = []

    def run(i: int) -> None:
        try:
            start.wait()
            spend(i)
            outcomes.append("ok")
        except WalletRefused:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes.count("ok"), outcomes.count("refused")


def test_concurrent_spends_never_overdraw_and_never_lose_an_update():
    player = new_player()
    wallet_set(player, silver=20, gold=15)  # 35 coins: five spends of 7, and no sixth

    def spend(i: int) -> None:
        wallet_spend(
            user_id=player.pk,
            price=7,
            reason=LedgerEntry.Reason.GAME,
            reference=f"game:{i}",
            idempotency_key=f"race:{player.pk}:{i}",
        )

    ok, refused = race(spend)
    assert (ok, refused) == (5, THREADS - 5)
    assert balances(player) == (0, 0)
    assert wallet_ledger_matches(user_id=player.pk)


def test_the_same_spend_retried_from_many_threads_charges_once():
    player = new_player()
    wallet_set(player, silver=50, gold=0)

    def spend(_: int) -> None:
        wallet_spend(
            user_id=player.pk,
            price=9,
            reason=LedgerEntry.Reason.PRIVATE_TABLE,
            reference="game:1",
            idempotency_key=f"private_table:retried:{player.pk}",
        )

    ok, _ = race(spend)
    assert ok == THREADS
    assert balances(player) == (41, 0)


def test_control_without_the_row_lock_the_race_loses_updates():
    player = new_player()
    wallet_set(player, silver=100, gold=0)

    def unlocked_spend(_: int) -> None:
        with transaction.atomic():
            wallet = Wallet.objects.get(pk=player.pk)  # the bug: read without select_for_update
            time.sleep(0.05)  # everyone reads before anyone writes
            ledger_post(
                wallet=wallet,
                currency=Currency.SILVER,
                amount=-5,
                reason=LedgerEntry.Reason.GAME,
                reference="control",
                idempotency_key=f"control:{uuid.uuid4().hex}",
            )

    ok, _ = race(unlocked_spend)
    assert ok == THREADS
    # twelve entries of -5 were written, but the balance fell far less: updates were lost
    assert balances(player)[0] > 100 - 5 * THREADS
    assert not wallet_ledger_matches(user_id=player.pk)
