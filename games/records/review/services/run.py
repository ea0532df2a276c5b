"""A game review's run, on a worker (`games.tasks.game_review`): the reviewed seat's decisions
valued one by one (`games.players.review`), each stored with the progress as soon as it is
made.

Safe to run twice, and resumable. A run first claims the row (locked; a fresh claim of another
run, or a review done, and it does nothing) with a token of its own; each step is written only
while the row still holds that token, so a run whose claim was taken away (the sweeper or a
request found it quiet) stops at its next step. A new run skips the decisions already stored:
each verdict is a pure function of the game, so a review made in pieces is the review made at
once. A run works for GAME_REVIEW_SLICE_SECONDS and queues the rest, so that the live tables'
computer turns on the same worker are not kept waiting behind a long review."""

from __future__ import annotations

import logging
import secrets
import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engine import RuleOptions
from games.models import Action
from games.players.review import Decision, decision_review, seat_decisions
from games.records.review.models import GameReview

from .requests import review_is_stale, review_queue

logger = logging.getLogger(__name__)

RESTARTS_LIMIT = 3  # runs that died on this review before it is marked failed


def review_run(*, review_id: int, slice_seconds: float | None = None) -> str | None:
    """Go on with the review for up to `slice_seconds`. Returns its status after the run, or
    None when this run did nothing (another holds it, it is done, or it does not exist)."""
    token = _claim(review_id)
    if token is None:
        return None
    review = GameReview.objects.select_related("game").get(pk=review_id)
    try:
        decisions = _decisions(review)
    except Exception as error:  # a log the engine now refuses: say so rather than retry
        logger.exception("game review %s: the game could not be replayed", review_id)
        return _fail(review_id, token, f"The game could not be replayed: {error}")
    entries = sorted(review.decisions, key=lambda entry: entry["index"])
    done = {entry["index"] for entry in entries}
    if not _step(review_id, token, entries, total=len(decisions)):
        return None
    rules, seed = RuleOptions.from_dict(review.game.rules), review.game.seed
    slice_seconds = settings.GAME_REVIEW_SLICE_SECONDS if slice_seconds is None else slice_seconds
    give_up = time.monotonic() + slice_seconds
    made = 0
    for decision in decisions:
        if decision.index in done:
            continue
        if made and time.monotonic() > give_up:  # at least one a run: every run moves on
            return _pause(review_id, token)
        made += 1
        try:
            reviewed = decision_review(decision, rules, seed)
        except Exception as error:
            logger.exception("game review %s: decision %s", review_id, decision.index)
            return _fail(review_id, token, f"A decision could not be valued: {error}")
        entries.append(reviewed.to_dict())
        entries.sort(key=lambda entry: entry["index"])
        if not _step(review_id, token, entries, total=len(decisions)):
            return None  # another run holds the review now
    finished = GameReview.objects.filter(pk=review_id, run_token=token).update(
        status=GameReview.Status.DONE,
        run_token="",
        heartbeat_at=timezone.now(),
        finished_at=timezone.now(),
    )
    return GameReview.Status.DONE if finished else None


def _claim(review_id: int) -> str | None:
    with transaction.atomic():
        review = GameReview.objects.select_for_update().filter(pk=review_id).first()
        if review is None or review.status in (GameReview.Status.DONE, GameReview.Status.FAILED):
            return None
        restarted = review.status == GameReview.Status.RUNNING
        if restarted and not review_is_stale(review):
            return None  # another run is at work on it
        if restarted:
            review.restarts += 1
            if review.restarts > RESTARTS_LIMIT:
                review.status = GameReview.Status.FAILED
                review.error = f"The review stopped {review.restarts} times without finishing."
                review.run_token = ""
                review.save(update_fields=["status", "error", "run_token", "restarts"])
                return None
        review.status = GameReview.Status.RUNNING
        review.run_token = secrets.token_hex(16)
        review.runs += 1
        review.heartbeat_at = timezone.now()
        review.save(
            update_fields=["status", "run_token", "runs", "restarts", "heartbeat_at"],
        )
        return review.run_token


def _decisions(review: GameReview) -> list[Decision]:
    """The reviewed seat's decisions with a choice, among the moves its player made (not the
    computer's after a timeout or once they left)."""
    log = list(
        Action.objects.filter(game_id=review.game_id)
        .order_by("sequence")
        .values_list("sequence", "seat", "action", "source")
    )
    own = {
        sequence
        for sequence, seat, _action, source in log
        if seat == review.seat and source == Action.Source.PLAYER
    }
    rules = RuleOptions.from_dict(review.game.rules)
    actions = [action for _sequence, _seat, action, _source in log]
    return list(seat_decisions(rules, review.game.seed, actions, review.seat, own))


def _step(review_id: int, token: str, entries: list[dict], *, total: int) -> bool:
    """Store the verdicts so far and the progress, while this run holds the review."""
    return bool(
        GameReview.objects.filter(pk=review_id, run_token=token).update(
            decisions=entries,
            decisions_done=len(entries),
            decisions_total=total,
            heartbeat_at=timezone.now(),
        )
    )


def _pause(review_id: int, token: str) -> str | None:
    """The slice is spent: give the claim back and queue the rest."""
    with transaction.atomic():
        paused = GameReview.objects.filter(pk=review_id, run_token=token).update(
            status=GameReview.Status.QUEUED, run_token="", heartbeat_at=timezone.now()
        )
        if paused:
            transaction.on_commit(lambda: review_queue(review_id))
    return GameReview.Status.QUEUED if paused else None


def _fail(review_id: int, token: str, message: str) -> str | None:
    failed = GameReview.objects.filter(pk=review_id, run_token=token).update(
        status=GameReview.Status.FAILED, run_token="", error=message[:500]
    )
    return GameReview.Status.FAILED if failed else None
