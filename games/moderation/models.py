"""Moderation: players' reports, staff decisions, and the staff's proxy view of a user as a
player. Kept apart from the game records (`games.models` imports these names, so that Django
registers them; the chat lines and mutes are live play's: `games.live.models`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from accounts.models import User


class AbuseReport(models.Model):
    """A player's report on another player, with the game and the chat around it for staff."""

    class Reason(models.TextChoices):
        CHEATING = "cheating", "Telling a partner their cards / collusion"
        ABUSE = "abuse", "Abusive or offensive chat"
        SPAM = "spam", "Spam or advertising"
        STALLING = "stalling", "Stalling or leaving games"
        OTHER = "other", "Something else"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIONED = "actioned", "Action taken"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_against"
    )
    game = models.ForeignKey(
        "games.Game", null=True, on_delete=models.SET_NULL, related_name="reports"
    )
    reason = models.CharField(max_length=20, choices=Reason.choices)
    details = models.TextField(max_length=1000, blank=True)
    # the table chat at the time of the report, kept even if the game is later deleted
    chat_excerpt = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    staff_note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "reported", "game"],
                condition=Q(status="open"),
                name="games_one_open_report_per_pair_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"Report on {self.reported} ({self.get_reason_display()})"


class ModerationDecision(models.Model):
    """What a staff member decided about a player, and when: the audit trail of moderation.

    A warning stays on the player's pages until they acknowledge it."""

    class Kind(models.TextChoices):
        DISMISS = "dismiss", "Dismissed the report"
        WARN = "warn", "Warned the player"
        BLOCK = "block", "Blocked the player"
        UNBLOCK = "unblock", "Lifted the block"

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="moderation_decisions"
    )
    report = models.ForeignKey(
        AbuseReport, null=True, blank=True, on_delete=models.SET_NULL, related_name="decisions"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["player"],
                name="games_unacknowledged_warnings",
                condition=Q(kind="warn", acknowledged_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player}"


class Player(User):
    """The staff's view of a user as a player: games, reports, moderation (admin only)."""

    class Meta:
        proxy = True
        ordering = ["id"]
