"""Reading achievements: the catalogue with a player's count of each, and their latest awards."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max

from .achievements.catalogue import ACHIEVEMENTS, BY_SLUG, Achievement
from .models import AchievementAward

LATEST_AWARDS = 10


@dataclass(frozen=True)
class AchievementCount:
    achievement: Achievement
    times: int  # 0: not earned yet
    last_at: datetime | None


def player_achievements(*, user_id: int) -> list[AchievementCount]:
    """All eighteen in the seed's order, with how many times the player earned each. One query."""
    earned = {
        row["achievement"]: row
        for row in AchievementAward.objects.filter(player_id=user_id)
        .values("achievement")
        .annotate(times=Count("pk"), last_at=Max("awarded_at"))
    }
    return [
        AchievementCount(
            achievement=achievement,
            times=earned.get(achievement.slug, {}).get("times", 0),
            last_at=earned.get(achievement.slug, {}).get("last_at"),
        )
        for achievement in ACHIEVEMENTS
    ]


@dataclass(frozen=True)
class AwardShown:
    achievement: Achievement
    awarded_at: datetime
    silver: int
    game_id: int | None


def player_latest_awards(*, user_id: int, limit: int = LATEST_AWARDS) -> list[AwardShown]:
    rows = AchievementAward.objects.filter(player_id=user_id).order_by("-awarded_at", "-pk")
    return [
        AwardShown(
            achievement=BY_SLUG[row.achievement],
            awarded_at=row.awarded_at,
            silver=row.silver,
            game_id=row.game_id,
        )
        for row in rows[:limit]
        if row.achievement in BY_SLUG
    ]
