"""The work a move leaves for later, queued by task name: a computer's turn, and a person's
timeout (queued by beat's tick, `turn_timers`, once the deadline has passed). Services never
import `games.tasks` (the tasks are thin entry points that call services), so a move runs one
way: socket → services → this queue → a worker's task → services."""

from __future__ import annotations

from celery import current_app

COMPUTER_TURN = "games.computer_turn"
TURN_TIMEOUT = "games.turn_timeout"


def computer_turn_queue(game_id: int, version: int, *, countdown: float | None = None) -> None:
    """The computer moves for the seat to act at `version` (nothing if the game moved on)."""
    current_app.send_task(COMPUTER_TURN, args=(game_id, version), countdown=countdown)


def turn_timeout_queue(game_id: int, version: int) -> None:
    """The person to act at `version` has run out of time (nothing if they moved)."""
    current_app.send_task(TURN_TIMEOUT, args=(game_id, version))
