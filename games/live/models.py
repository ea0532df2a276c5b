"""Table chat: its lines, and the mutes by which a player stops seeing another player's lines.
Kept apart from the game records (`games.models` imports these names, so that Django registers
them)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class ChatMessage(models.Model):
    """A line of table chat. Stored as typed; templates and the page script escape it."""

    MAX_LENGTH = 200

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "id"])]

    def __str__(self) -> str:
        return f"{self.game_id} seat {self.seat}: {self.text[:40]}"


class ChatMute(models.Model):
    """A player no longer sees another player's chat lines, at any table, until they unmute."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="games_one_mute_per_pair"),
            models.CheckConstraint(condition=~Q(user=F("muted")), name="games_mute_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.user} muted {self.muted}"
