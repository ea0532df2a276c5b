"""An achievements check holds its player's row for its transaction (one check at a time per
player) without holding up another transaction's commit of a row that refers to the player:
that commit checks its foreign key with FOR KEY SHARE, and may hold the wallet the check is
about to award coins from (a deadlock seen under the load table)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import pytest
from django.db import connection, transaction

from economy.models import Wallet
from rankings.services.achievements import player_checks_serialized

pytestmark = pytest.mark.django_db(transaction=True)


@contextlib.contextmanager
def a_check_holding(user_id: int) -> Iterator[None]:
    """Another connection's achievements check, holding the player until the block ends."""
    held, release = threading.Event(), threading.Event()

    def check() -> None:
        try:
            with transaction.atomic():
                player_checks_serialized(user_id=user_id)
                held.set()
                release.wait(timeout=20)
        finally:
            connection.close()

    checker = threading.Thread(target=check)
    checker.start()
    try:
        assert held.wait(timeout=10)
        yield
    finally:
        release.set()
        checker.join(timeout=20)


def lock_timeout(milliseconds: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{milliseconds}ms'")


def test_a_row_referring_to_the_player_commits_while_a_check_holds_the_player(make_player):
    player = make_player()
    with a_check_holding(player.pk):
        with transaction.atomic():
            lock_timeout(3000)
            Wallet.objects.create(user_id=player.pk)  # its foreign key is checked at commit
        assert Wallet.objects.filter(user_id=player.pk).exists()


def test_two_checks_of_one_player_wait_for_each_other(make_player):
    player = make_player()
    with (
        a_check_holding(player.pk),
        pytest.raises(Exception, match="lock timeout"),
        transaction.atomic(),
    ):
        lock_timeout(500)
        player_checks_serialized(user_id=player.pk)
