"""One player's simultaneous requests (quick play, play now, sit, open a table, leave the queue)
on real PostgreSQL from real threads: none of them is a server error, and the player ends with
at most one game and one queue entry. The control runs the same race with update_or_create,
which quick play used, and meets the unique constraint: the test can see the race it guards
against (pretix-style)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import IntegrityError, connection, connections
from django.test import Client

from accounts.models import User
from economy.selectors import wallet_ledger_matches
from games.engine import RuleOptions
from games.errors import Refused
from games.models import Game, Seat
from games.tables.models import QueueEntry
from games.tables.services.quick_play import queue_join, queue_leave
from games.tables.services.tables import table_create

from .conftest import player_make

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

THREADS = 20
ROUNDS = 10


@pytest.fixture(autouse=True)
def pool_for_every_thread():
    """This test process's pool holds a connection for each racing thread (and the test's
    own): the race is about the services' locks, not about waiting for a connection, which
    the one-player lock makes the threads hold while they queue behind each other."""
    pool = getattr(connections["default"], "pool", None)
    if pool is None:
        yield
        return
    min_size, max_size = pool.min_size, pool.max_size
    pool.resize(min_size, max(max_size, THREADS + 4))
    try:
        yield
    finally:
        pool.resize(min_size, max_size)


def race(work: Callable[[int, int], None]) -> list[BaseException]:
    """`work(thread, round)` in THREADS threads released together, ROUNDS times each: the
    exceptions other than a service's refusal."""
    start = threading.Barrier(THREADS)
    unexpected: list[BaseException] = []

    def run(thread: int) -> None:
        try:
            start.wait()
            for round_ in range(ROUNDS):
                try:
                    work(thread, round_)
                except Refused:
                    pass
                except Exception as error:  # counted, and shown by the test
                    unexpected.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return unexpected


def test_joining_and_leaving_from_many_requests_at_once_never_meets_the_unique_constraint():
    player = player_make()

    def join_or_leave(thread: int, round_: int) -> None:
        if (thread + round_) % 2:
            queue_join(user_id=player.pk)
        else:
            queue_leave(user_id=player.pk)

    assert race(join_or_leave) == []
    assert QueueEntry.objects.filter(user=player).count() <= 1


def test_control_update_or_create_in_the_same_race_meets_the_unique_constraint():
    player = player_make()

    def join_or_leave(thread: int, round_: int) -> None:
        if (thread + round_) % 2:
            # what queue_join did: insert, and on a conflict look the row up again, which a
            # concurrent leave may have deleted meanwhile
            QueueEntry.objects.update_or_create(user=player, defaults={"going_under": "either"})
        else:
            queue_leave(user_id=player.pk)

    errors: list[BaseException] = []
    for _ in range(3):  # a race: it nearly always shows within one run (some 35 errors)
        errors = race(join_or_leave)
        if errors:
            break
    assert errors, "the race did not happen: the test above could not have failed"
    assert all(isinstance(error, IntegrityError) for error in errors)
    assert "games_queueentry_user_id_key" in str(errors[0])


def test_twenty_mixed_requests_from_one_player_are_never_a_server_error():
    """The attacker's burst: quick play, play now, sit at a table, open a table, leave the
    queue, all at once from one account, through the pages."""
    player = player_make()
    table = table_create(creator_id=player_make().pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    requests = [
        ("/play/quick/", {}),
        ("/play/quick/now/", {}),
        (f"/tables/join/{table.invite_token}/", {}),
        ("/tables/new/", {"target_score": "10", "computer_level": "easy"}),
        ("/play/quick/leave/", {}),
        ("cancel", {}),  # the game the player is in now, if any: frees them to go on
    ]
    statuses: list[tuple[str, int]] = []

    def send(thread: int, round_: int) -> None:
        url, form = requests[(thread + round_) % len(requests)]
        if url == "cancel":
            game_id = Seat.objects.filter(user=player, in_play=True).values("game_id").first()
            url = f"/tables/{game_id['game_id'] if game_id else 0}/cancel/"
        client = Client(raise_request_exception=False)
        client.force_login(player)
        statuses.append((url, client.post(url, form).status_code))

    assert race(send) == []
    server_errors = [(url, status) for url, status in statuses if status >= 500]
    assert server_errors == []
    assert len(statuses) == THREADS * ROUNDS
    assert Seat.objects.filter(user=player, in_play=True).count() <= 1
    assert QueueEntry.objects.filter(user=player).count() <= 1
    assert wallet_ledger_matches(user_id=player.pk)


def test_joining_again_keeps_the_place_and_takes_the_new_choice():
    first, second = player_make(), player_make()
    queue_join(user_id=first.pk)
    queue_join(user_id=second.pk)
    joined_at = QueueEntry.objects.get(user=first).joined_at
    User.objects.filter(pk=first.pk).update(going_under="without")
    assert queue_join(user_id=first.pk) is None
    entry = QueueEntry.objects.get(user=first)
    assert (entry.joined_at, entry.going_under) == (joined_at, "without")
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [first.pk, second.pk]


def test_one_players_seat_changes_wait_for_each_other_and_never_for_another_players():
    """The lock behind the burst above: while one request of a player holds it, their next
    join waits for it; another player's join does not."""
    from games.live.services.player_lock import player_serialized

    player, other = player_make(), player_make()
    holding, release = threading.Event(), threading.Event()
    joined: dict[int, threading.Event] = {player.pk: threading.Event(), other.pk: threading.Event()}

    def hold() -> None:
        try:
            with player_serialized(player.pk):
                holding.set()
                release.wait(30)
        finally:
            connection.close()

    def join(user_id: int) -> None:
        try:
            queue_join(user_id=user_id)
            joined[user_id].set()
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(30)
    joiners = [threading.Thread(target=join, args=(pk,)) for pk in (player.pk, other.pk)]
    for joiner in joiners:
        joiner.start()
    try:
        assert joined[other.pk].wait(30), "another player's join waited on this player's lock"
        assert not joined[player.pk].wait(1.0), "the player's join did not wait for the lock"
    finally:
        release.set()
        holder.join()
    assert joined[player.pk].wait(30)
    for joiner in joiners:
        joiner.join()
    assert QueueEntry.objects.filter(user__in=[player, other]).count() == 2
