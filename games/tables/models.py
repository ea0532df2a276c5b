"""How a game begins: the quick-play queue and the invitations to private tables. Kept apart
from the game records (`games.models` imports these names, so that Django registers them)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.models import GoingUnder


class QueueEntry(models.Model):
    """A player waiting in quick play, with the game they wait for and their going-under choice
    when they joined. One entry per player; a table seats only players who wait for the same
    game and whose choices agree (seed 000)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    going_under = models.CharField(max_length=7, choices=GoingUnder.choices)
    # a preset name of games.rule_texts.QUICK_PLAY_VARIANTS ("standard", "three_handed"...)
    variant = models.CharField(max_length=20, default="standard")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]

    def __str__(self) -> str:
        return f"{self.user} waiting since {self.joined_at:%H:%M:%S}"


class Invitation(models.Model):
    """A private table's creator invited this player by name; it shows in their lobby."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="games_one_invitation_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} to {self.game_id}"
