"""Game review requests: a player of a finished game asks for the strong player's verdict on
their own decisions (`games.players.review`); a Celery task computes it
(`games.records.review.services.run`), queued here by name (services never import `games.tasks`).

One review per (game, seat), made once: the row is found or made with `get_or_create` under
the table's unique constraint, so a second request, or two at once, find the same row and only
the request that made it queues the task (on commit). A review that failed, or whose run went
quiet (its worker died, its message was lost), is queued again by the next request or by the
sweeper (`stale_reviews_requeue`); its run resumes from the verdicts already stored."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.errors import Refused
from games.records.review.models import GameReview
from games.records.review.selectors import review_access

GAME_REVIEW = "games.game_review"


def review_queue(review_id: int) -> None:
    """Run (or go on with) this review on a worker: safe to queue twice."""
    current_app.send_task(
        GAME_REVIEW, args=(review_id,), ignore_result=True
    )  # the row is its result


def review_request(*, game_id: int, user_id: int) -> GameReview:
    """The review of the player's own decisions in the game, asked for: made and queued if
    new, queued again if it failed or went quiet, else as it is. Refused (`Refused`, code
    "no_game", "not_over" or "not_player") unless the game is over and they played it."""
    access = review_access(game_id=game_id, user_id=user_id)
    if access.refusal is not None:
        raise Refused(access.refusal.code, access.refusal.message)
    assert access.seat is not None
    now = timezone.now()
    with transaction.atomic():
        review, created = GameReview.objects.get_or_create(
            game_id=game_id,
            seat=access.seat,
            defaults={"requested_by_id": user_id, "heartbeat_at": now},
        )
        if not created:
            review = GameReview.objects.select_for_update().get(pk=review.pk)
            if not _requeue_if_due(review, now):
                return review
        transaction.on_commit(partial(review_queue, review.pk))
    return review


def review_is_stale(review: GameReview, now: datetime | None = None) -> bool:
    """Queued or running with no sign of life for GAME_REVIEW_STALE_SECONDS."""
    now = now or timezone.now()
    quiet = timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS)
    unfinished = review.status in (GameReview.Status.QUEUED, GameReview.Status.RUNNING)
    return unfinished and review.heartbeat_at < now - quiet


def _requeue_if_due(review: GameReview, now: datetime) -> bool:
    """On a locked row: a failed or stale review goes back to the queue (its run, if alive
    after all, loses its claim and stops at its next step). True if it should be queued."""
    if review.status != GameReview.Status.FAILED and not review_is_stale(review, now):
        return False
    review.status = GameReview.Status.QUEUED
    review.run_token = ""
    review.error = ""
    review.heartbeat_at = now
    review.save(update_fields=["status", "run_token", "error", "heartbeat_at"])
    return True


def stale_reviews_requeue(now: datetime | None = None, limit: int = 100) -> int:
    """Run by beat: queues again the reviews whose run went quiet. Returns how many."""
    now = now or timezone.now()
    quiet = timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS)
    candidates = GameReview.objects.filter(
        status__in=[GameReview.Status.QUEUED, GameReview.Status.RUNNING],
        heartbeat_at__lt=now - quiet,
    ).values_list("pk", flat=True)[:limit]
    queued = 0
    for review_id in candidates:
        with transaction.atomic():
            review = GameReview.objects.select_for_update().get(pk=review_id)
            if _requeue_if_due(review, now):
                transaction.on_commit(partial(review_queue, review.pk))
                queued += 1
    return queued
