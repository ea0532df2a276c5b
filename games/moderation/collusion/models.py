"""The partner-collusion review's flags: a pair of accounts whose finished games look like
collusion, the evidence, and what staff decided. Kept apart from the game records
(`games.models` re-exports the name). A flag punishes nobody: a person reads it and decides."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class CollusionFlag(models.Model):
    """One pair of accounts, lower id first; recomputing updates the evidence in place and
    keeps the staff decision (`games.moderation.collusion.services`)."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        DISMISSED = "dismissed", "Dismissed"
        ACTIONED = "actioned", "Reviewed, action taken"

    class Kind(models.TextChoices):
        """The kinds of evidence (games.moderation.collusion.signals)."""

        SITTING = "sitting", "Sit together in quick play far more than chance"
        RESULTS = "results", "Win far more as partners than apart"
        LEADS = "leads", "Lead into the partner's unseen voids"

    player_low = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    player_high = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    # the kinds that flagged the pair at the last computation: a list of Kind values
    kinds = models.JSONField(default=list)
    # still flagged by the last computation (false: the evidence no longer reaches the bar)
    flagged_now = models.BooleanField("flagged by the latest run", default=True)
    # the figures of every kind found (games.moderation.collusion.services.evidence_document)
    evidence = models.JSONField(default=dict)
    sample_game_ids = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    staff_note = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    first_flagged_at = models.DateTimeField(auto_now_add=True)
    computed_at = models.DateTimeField("latest run")

    class Meta:
        ordering = ["-flagged_now", "-computed_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player_low", "player_high"], name="games_one_collusion_flag_per_pair"
            ),
            models.CheckConstraint(
                condition=Q(player_low__lt=F("player_high")),
                name="games_collusion_pair_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_low} and {self.player_high}"
