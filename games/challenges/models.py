"""A challenge: who asked whom, to which game, and how it ended (`games.models` imports it, so
that Django registers it in the `games` app)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone


class ChallengeSeat(models.TextChoices):
    """Where the challenged player sits: as the challenger's partner (a game of fixed
    partnerships only) or against them."""

    PARTNER = "partner", "As my partner"
    AGAINST = "against", "Against me"


class ChallengeStatus(models.TextChoices):
    PENDING = "pending", "Waiting for an answer"
    ACCEPTED = "accepted", "Accepted"
    DECLINED = "declined", "Declined"
    CANCELLED = "cancelled", "Withdrawn"
    EXPIRED = "expired", "Expired"


class Challenge(models.Model):
    """One player challenges another to a private table: the rules, the computers' level and
    the challenged player's seat are the challenger's choice; the other seats are computers.
    Nothing is paid until the challenge is accepted: the table starts then (`game`)."""

    ANSWER_SECONDS = 180  # then it expires (the sweeper, or the answer that finds it late)

    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    rules = models.JSONField(help_text="games.engine.RuleOptions.to_dict()")
    computer_level = models.CharField(max_length=10)
    seat = models.CharField(max_length=10, choices=ChallengeSeat.choices)
    status = models.CharField(
        max_length=10, choices=ChallengeStatus.choices, default=ChallengeStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # the sweeper's and a page's look at what still waits
            models.Index(
                fields=["expires_at"],
                name="games_challenge_pending",
                condition=Q(status="pending"),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=F("challenged")), name="games_challenge_not_self"
            ),
            models.UniqueConstraint(
                fields=["challenger", "challenged"],
                condition=Q(status="pending"),
                name="games_one_pending_challenge_per_pair",
            ),
            models.CheckConstraint(
                condition=Q(game__isnull=True) | Q(status="accepted"),
                name="games_challenge_game_only_accepted",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged} ({self.status})"

    @property
    def is_waiting(self) -> bool:
        """Pending and not past its time (the sweeper may not have ended it yet)."""
        return self.status == ChallengeStatus.PENDING and self.expires_at > timezone.now()
