"""Game reviews: the strong player's verdict on one player's decisions in a finished game,
asked for from the game's record page and computed by a Celery task
(`games.records.review.services.run`). Kept apart from the game records (`games.models` re-exports
the name).

One row per (game, seat), made once: asking again, or twice at once, finds the same row (the
unique constraint, with `get_or_create`). The verdicts are stored one by one as the task
makes them, so a run that dies is resumed where it stopped, and the page reads the progress
from the row."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class GameReview(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="reviews")
    seat = models.PositiveSmallIntegerField(help_text="the position whose decisions are reviewed")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    decisions_total = models.PositiveIntegerField(default=0)
    decisions_done = models.PositiveIntegerField(default=0)
    # games.players.review.ReviewedDecision.to_dict() of each decision done, in game order
    decisions = models.JSONField(default=list)
    # the run that holds the row (empty between runs): another run's progress is refused
    run_token = models.CharField(max_length=32, blank=True)
    runs = models.PositiveIntegerField(default=0)  # claims by a run (a run works a slice)
    restarts = models.PositiveSmallIntegerField(default=0)  # runs found dead and taken over
    requested_at = models.DateTimeField(auto_now_add=True)
    # the last sign of life: the request, or a run's progress. Long quiet: the sweeper queues
    # the review again
    heartbeat_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["-requested_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="games_one_review_per_seat"),
            models.CheckConstraint(
                condition=Q(decisions_done__lte=F("decisions_total")),
                name="games_review_done_within_total",
            ),
        ]
        indexes = [
            # the sweeper's look for reviews whose run went quiet
            models.Index(
                fields=["heartbeat_at"],
                name="games_review_unfinished",
                condition=Q(status__in=["queued", "running"]),
            ),
        ]

    def __str__(self) -> str:
        return f"Review of game {self.game_id}, seat {self.seat + 1}"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        if not self.decisions_total:
            return 0
        return min(99, 100 * self.decisions_done // self.decisions_total)
