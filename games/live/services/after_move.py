"""What follows a stored move, once its transaction has committed: tell the table, and queue
the computer's turn (a person's timeout is the clock's: `turn_timers`). Nothing here runs if
the move is rolled back."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from django.conf import settings
from django.db import transaction

from games.models import Game

from .layer_send import group_send, group_sends_behind
from .move_queue import computer_turn_queue


class RunFrames(NamedTuple):
    """A run of moves' frames: for each new version, oldest first, each seated player's frame
    by user id as text (`games.live.frame_wire.frame_pushed`), the history (JSON text) of finished
    hands for each count the frames hold, the table's part of them all (`table_text`: the same
    at every version of a run), and the run's actions from `first_version`
    on, with which each daphne that gets the frames brings its kept engine up to date
    (`EngineStates.advance`): at a strong table the worker made the computers' run, and the
    person's next move read the log's tail for it."""

    frames: list[dict[int, dict[str, Any]]]
    histories: dict[int, str]
    table: str
    first_version: int = 0
    actions: tuple[str, ...] = ()


def table_group(game_id: int) -> str:
    return f"table.{game_id}"


def watch_group(game_id: int) -> str:
    """The table's watchers' sockets: after a move, the only ones besides the seated players'
    that are told (the players have their frames, and a table-wide message would reach
    their sockets only to be dropped)."""
    return f"watch.{game_id}"


def seat_group(game_id: int, user_id: int) -> str:
    """One player's sockets at one table: the only ones their seat's frames are sent to."""
    return f"seat.{game_id}.{user_id}"


def schedule(
    game: Game,
    *,
    computer_turn: bool = True,
    frames: RunFrames | None = None,
    shown_after_ms: int = 0,
    told_user_ids: tuple[int, ...] = (),
) -> None:
    """`computer_turn=False`: no task for a computer to act next (a run goes on itself).
    `frames`, after moves: for each new version, oldest first, each seated player's frame
    (`RunFrames`), sent to that player's sockets only, so that none
    asks the database for it; None for a change without a move (a start, a seat handed to the
    computer): every socket asks. `shown_after_ms`: when the page shows the last of these
    moves (a run's pacing); a computer to act next waits for it too. `told_user_ids`: players
    without a frame of the last version (who left their seats; everyone once the game is
    over): their sockets are told it moved, as the watchers' are, and ask for their own."""
    game_id, version, deadline = game.pk, game.version, game.turn_deadline
    playing = game.status == Game.Status.PLAYING
    # the computer's turn after a paced run comes a pause after the run's last move is shown
    computer_wait = (
        settings.GAME_COMPUTER_PAUSE_SECONDS + shown_after_ms / 1000 if computer_turn else None
    )
    transaction.on_commit(
        lambda: _after_commit(
            game_id, version, deadline, playing, computer_wait, frames, told_user_ids
        )
    )


def _after_commit(
    game_id: int,
    version: int,
    deadline: datetime | None,
    playing: bool,
    computer_wait: float | None,
    frames: RunFrames | None,
    told_user_ids: tuple[int, ...],
) -> None:
    if frames is None:
        announce(game_id, version)
    else:
        by_player: dict[int, list[dict[str, Any]]] = {}
        for version_frames in frames.frames:
            for user_id, frame in version_frames.items():
                by_player.setdefault(user_id, []).append(frame)
        # one message a player for a whole run; then the other sockets (watchers, a player who
        # left the seat) build their own frame. Not waited for: the move's thread goes on
        # (layer_send)
        changed = _changed(version, if_newer=True)
        group_sends_behind(
            [
                *(
                    (seat_group(game_id, user_id), _frames_event(theirs, frames))
                    for user_id, theirs in by_player.items()
                ),
                *((seat_group(game_id, user_id), changed) for user_id in told_user_ids),
                (watch_group(game_id), changed),
            ]
        )
    if playing and deadline is None and computer_wait is not None:
        computer_turn_queue(game_id, version, countdown=computer_wait)


def _frames_event(theirs: list[dict[str, Any]], frames: RunFrames) -> dict[str, Any]:
    """One player's frames of a run, with the history for each count they hold: a socket
    whose page has another count sends it along (the layer's msgpack wants string keys, so
    the histories go as [count, text] pairs). The run's log goes between processes only: a
    socket sends its page the frames, never the event."""
    counts = sorted({frame["hands"] for frame in theirs})
    return {
        "type": "game.frames",
        "frames": theirs,
        "histories": [[count, frames.histories[count]] for count in counts],
        "table": frames.table,
        "log": [frames.first_version, list(frames.actions)],
    }


def announce(game_id: int, version: int) -> None:
    """Tells every socket at the table that the game changed. The message carries no cards:
    each socket builds its own seat's view (or has it from `seat_group`), so no frame can hold
    another seat's hand."""
    group_send(table_group(game_id), {"type": "game.changed", "version": version})


def announce_if_newer(game_id: int, version: int) -> None:
    """Like `announce`, but a socket that has already sent this version sends nothing: for
    telling a table again in case a process died before it told it the first time."""
    group_send(table_group(game_id), _changed(version, if_newer=True))


def _changed(version: int, *, if_newer: bool) -> dict[str, Any]:
    return {"type": "game.changed", "version": version, "if_newer": if_newer}
