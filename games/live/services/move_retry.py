"""A person's move is never lost to a database error. A deadlock, a serialization failure or a
lost connection rolls the whole move back (nothing of it is stored), so it is simply tried
again on a fresh transaction; when it still fails, the player is told `busy` with their action,
and their page sends it again (games/tables/static/games/table/main.js). A timeout does not move for
them meanwhile (`move_in_flight`)."""

from __future__ import annotations

import logging
import random
import time

from django.db import InterfaceError, OperationalError, connection

from games.errors import Refused

from .move_record import MoveApplied
from .play import game_act

logger = logging.getLogger(__name__)

MOVE_ATTEMPTS = 3
BUSY_MESSAGE = "The server was busy and your move was not played yet: sending it again."


class MoveBusy(Refused):
    """Every attempt met a database error; the move was not applied (and is in flight)."""

    def __init__(self, *, action: str, version: int) -> None:
        super().__init__("busy", BUSY_MESSAGE, version=version)
        self.action = action


def game_act_retrying(*, game_id: int, user_id: int, action: str, version: int) -> MoveApplied:
    """`game_act`, tried again after a database error (not in a caller's transaction, which
    the error has spoiled). Refusals (MoveRejected) are answers, not errors: never retried."""
    for attempt in range(1, MOVE_ATTEMPTS + 1):
        try:
            return game_act(game_id=game_id, user_id=user_id, action=action, version=version)
        except (OperationalError, InterfaceError) as error:
            if connection.in_atomic_block:
                raise
            logger.warning(
                "move at game %s v%s, attempt %s of %s: %s",
                game_id,
                version,
                attempt,
                MOVE_ATTEMPTS,
                str(error).splitlines()[0] if str(error) else type(error).__name__,
            )
            # a broken connection is closed here; the next attempt takes a fresh one
            connection.close_if_unusable_or_obsolete()
            if attempt < MOVE_ATTEMPTS:
                # spread apart: the other side of a deadlock is retrying too
                time.sleep(0.02 * 2**attempt * (0.5 + random.random()))
    raise MoveBusy(action=action, version=version)
