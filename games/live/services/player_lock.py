"""One player's requests that seat, queue or cancel them run one at a time.

A burst of one player's simultaneous requests (quick play, play now, sit, open a table, leave,
cancel) took the same rows in different orders (their wallet, their seat under the one-game
unique index, their queue entry) and PostgreSQL broke the cycles as deadlocks: 500s. Each of
these services first takes a transaction-level advisory lock keyed by the acting player, so one
player's changes queue behind one another while different players never wait on each other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction

# the first key of PostgreSQL's two-key advisory locks: "this player's seats and queue entry"
PLAYER_SEATING_LOCK_SPACE = 18_001
# "this player's chat lines": a lock no move takes, so a chat line never waits in a cycle
PLAYER_CHAT_LOCK_SPACE = 18_002


@contextmanager
def player_serialized(user_id: int) -> Iterator[None]:
    """A transaction in which no other request of this player changes their seats or queue
    entry (SQLite, the no-server default of `serve`, runs one writer at a time anyway)."""
    with transaction.atomic():
        _advisory_lock(PLAYER_SEATING_LOCK_SPACE, user_id)
        yield


def player_chat_serialized(user_id: int) -> None:
    """Until the caller's transaction ends, no other chat line of this player is being
    posted (its rate limit counts exactly)."""
    assert transaction.get_connection().in_atomic_block, "take it inside a transaction"
    _advisory_lock(PLAYER_CHAT_LOCK_SPACE, user_id)


def _advisory_lock(space: int, user_id: int) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [space, user_id & 0x7FFFFFFF])


@contextmanager
def players_serialized(user_ids: list[int]) -> Iterator[None]:
    """`player_serialized` for several players at once (two partners), their locks taken in
    id order so that two such requests never wait on each other round a circle. A lock this
    transaction holds already is taken again at once."""
    with transaction.atomic():
        for user_id in sorted(set(user_ids)):
            _advisory_lock(PLAYER_SEATING_LOCK_SPACE, user_id)
        yield
