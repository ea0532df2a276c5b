"""Celery tasks of live play: thin entry points over the services, which queue them by name
(`games.live.services.move_queue`) and never import this module. Each is keyed by (game, version)
and safe to run twice: a task that finds the game at another version, or finished, does
nothing."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import task_received

from .challenges.services.answers import challenges_expire
from .live.services.hints import GAME_HINT, hint_answer
from .live.services.move_queue import COMPUTER_TURN, MOVE_TASKS, TURN_TIMEOUT, move_task_received
from .live.services.play import computer_act, computer_run
from .live.services.sweeper import stalled_games_requeue
from .live.services.turn_timers import due_timeouts_queue
from .models import Action
from .moderation.collusion.services import collusion_review_run
from .records.review.services.requests import GAME_REVIEW, stale_reviews_requeue
from .records.review.services.run import review_run
from .tables.services.quick_play import queue_match_all
from .tables.services.quick_play_pairs import partner_invitations_expire
from .tables.services.seat_invitations import seat_invitations_end_stale


@task_received.connect
def move_task_taken(request: Any, **_: Any) -> None:
    """In the worker, as it receives a task (before its time, for one with a countdown)."""
    if request.task_name in MOVE_TASKS:
        move_task_received(request.task_name, *request.args)


# no result stored: nothing waits on a computer's turn, and storing it was a tenth of the task
@shared_task(name=COMPUTER_TURN, ignore_result=True)
def computer_turn(game_id: int, version: int) -> int | None:
    """The computers' moves from `version` to the next person's turn (a run, one task). The
    runs are now queued for the workers' runner threads (`games.live.computer_runner`); this task
    makes those an earlier version of the site left in the broker's queue."""
    applied = computer_run(game_id=game_id, version=version)
    return applied.version if applied else None


@shared_task(name=TURN_TIMEOUT)
def turn_timeout(game_id: int, version: int) -> int | None:
    applied = computer_act(game_id=game_id, version=version, source=Action.Source.TIMEOUT)
    return applied.version if applied else None


@shared_task(name="games.turn_timers", ignore_result=True)
def turn_timers() -> int:
    """Run by beat every GAME_TIMER_EVERY_SECONDS: queues the timeouts whose deadline passed."""
    return due_timeouts_queue()


@shared_task(name="games.sweep_stalled_games")
def sweep_stalled_games() -> int:
    """Run by beat every few seconds: queues the moves of games no task is looking after, and
    seats quick-play groups that a busy moment left waiting, and ends the invitations to queue
    as partners that nobody answered, the invitations to a seat that no longer stand, and the
    challenges that nobody answered (or whose player sat down elsewhere)."""
    queue_match_all()
    partner_invitations_expire()
    seat_invitations_end_stale()
    challenges_expire()
    return stalled_games_requeue()


@shared_task(name="games.collusion_review")
def collusion_review() -> int:
    """Run by beat once a day: recomputes the partner-collusion flags (idempotent: a second
    run writes the same figures and keeps staff decisions). Returns the pairs flagged now."""
    return collusion_review_run().flagged


@shared_task(name=GAME_REVIEW)
def game_review(review_id: int) -> str | None:
    """A slice of a game review (the rest is queued again): its status after, or None when
    another run holds it or it is done."""
    return review_run(review_id=review_id)


@shared_task(name="games.sweep_stalled_reviews")
def sweep_stalled_reviews() -> int:
    """Run by beat every minute: queues again the reviews whose run went quiet."""
    return stale_reviews_requeue()


@shared_task(name=GAME_HINT, ignore_result=True)
def game_hint(game_id: int, user_id: int, version: int) -> None:
    """A hint asked for at `version`: valued and sent to the player's sockets at the table
    (nothing once the table has moved on)."""
    hint_answer(game_id=game_id, user_id=user_id, version=version)
