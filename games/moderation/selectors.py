"""Reading what moderation left on a player: unacknowledged warnings (blocks and chat mutes are
read by live play: `games.live.selectors`)."""

from __future__ import annotations

from .models import ModerationDecision


def warnings_unacknowledged(*, user_id: int) -> list[ModerationDecision]:
    """Staff warnings the player has not yet acknowledged (a partial index serves this)."""
    return list(
        ModerationDecision.objects.filter(
            player_id=user_id, kind=ModerationDecision.Kind.WARN, acknowledged_at__isnull=True
        ).only("pk", "note", "created_at")
    )
