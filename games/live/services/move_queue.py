"""The work a move leaves for later: a computer's turn (the computers' run, taken by a worker's
runner thread from `computer_runs`), and a person's timeout (a Celery task queued by name, by
beat's tick, `turn_timers`, once the deadline has passed). Services never import `games.tasks`
or `games.live.computer_runner` (the tasks and the runner are thin entry points that call services),
so a move runs one way: socket → services → this queue → a worker → services.

A timeout's task waiting in the broker's queue is marked in Redis until a worker receives it,
and the tick and the sweeper queue nothing for a (game, version) so marked (a computers' run is
its own mark: `computer_runs`). Without the mark, a queue
that fell behind (a busy machine) had each stalled game queued again at every tick and every
sweep, and the copies made the queue longer still: at 1,000 tables 6,386 timeouts waited for
515 games. A task a worker received and then lost (killed) is unmarked, so the sweeper finds
its game after the grace as before; a mark whose message was lost expires after
PENDING_SECONDS."""

from __future__ import annotations

from celery import current_app
from django.core.cache import cache

from .computer_runs import run_queue, run_waiting
from .task_push import task_push_once, task_push_possible

COMPUTER_TURN = "games.computer_turn"
TURN_TIMEOUT = "games.turn_timeout"
MOVE_TASKS = frozenset({COMPUTER_TURN, TURN_TIMEOUT})

PENDING_SECONDS = 60


def computer_turn_queue(game_id: int, version: int, *, countdown: float | None = None) -> bool:
    """The computer moves for the seat to act at `version` (nothing if the game moved on), due
    `countdown` seconds from now. False, and nothing queued, when that run already waits."""
    return run_queue(game_id, version, countdown=countdown)


def turn_timeout_queue(game_id: int, version: int) -> bool:
    """The person to act at `version` has run out of time (nothing if they moved). False, and
    nothing queued, when that task already waits in the queue."""
    return _queue_once(TURN_TIMEOUT, game_id, version, None)


def move_task_received(name: str, game_id: int, version: int) -> None:
    """A worker has the task (`task_received`): from now on, if it is lost, it is the
    sweeper's to find."""
    cache.delete(_pending_key(name, game_id, version))


def move_task_waiting(name: str, game_id: int, version: int) -> bool:
    """Is that move waiting in its queue (queued, no worker has it yet)?"""
    if name == COMPUTER_TURN:
        return run_waiting(game_id, version)
    return cache.get(_pending_key(name, game_id, version)) is not None


def _queue_once(name: str, game_id: int, version: int, countdown: float | None) -> bool:
    key = _pending_key(name, game_id, version)
    if task_push_possible():  # the mark and the message in one Redis call (task_push)
        return task_push_once(
            mark=key,
            mark_seconds=PENDING_SECONDS,
            name=name,
            args=(game_id, version),
            countdown=countdown,
        )
    if not cache.add(key, 1, timeout=PENDING_SECONDS):
        return False
    # nobody waits for its result: without ignore_result Celery subscribes this process to the
    # task's result channel and unsubscribes once the AsyncResult is collected, two Redis
    # commands and a tenth to a fifth of send_task's CPU where a computer follows a person
    current_app.send_task(name, args=(game_id, version), countdown=countdown, ignore_result=True)
    return True


def _pending_key(name: str, game_id: int, version: int) -> str:
    return f"move-task:{name}:{game_id}:{version}"
