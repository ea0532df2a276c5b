"""A person's move that met a database error is "in flight" for a few seconds: it is being tried
again, or their page was told `busy` and sends it again. Meanwhile no timeout moves for them at
that version (`play.computer_act`), so a move that arrived in time is never replaced by the
computer's because the database broke a deadlock or lost a connection.

Marked only when an attempt fails (a move that commits costs nothing here), from inside the
failed transaction, before its rollback lets a waiting timeout take the game's row."""

from __future__ import annotations

import logging

from django.core.cache import cache

logger = logging.getLogger(__name__)

# long enough for the retries and the page's own resend (main.js waits under a second)
IN_FLIGHT_SECONDS = 10


def move_in_flight_mark(*, game_id: int, version: int) -> None:
    try:
        cache.set(_key(game_id, version), 1, timeout=IN_FLIGHT_SECONDS)
    except Exception:  # the database's error is the one to report
        logger.warning("could not mark the move in flight at game %s v%s", game_id, version)


def move_in_flight(*, game_id: int, version: int) -> bool:
    return cache.get(_key(game_id, version)) is not None


def _key(game_id: int, version: int) -> str:
    return f"move-in-flight:{game_id}:{version}"
