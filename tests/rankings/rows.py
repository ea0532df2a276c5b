"""Rows for tests of the tables and the month end, written straight to the database (the
tables only read `GamePoints`), and moments in a given time zone."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from rankings.models import GamePoints

MAY_2025 = date(2025, 5, 1)


def at(text: str, zone: str = "UTC") -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone))


def points_row(
    player, game, points: int, month: date = MAY_2025, finished_at: datetime | None = None
) -> GamePoints:
    """A won game's points in `month` (its 10th, at midnight UTC, unless `finished_at`)."""
    finished_at = finished_at or datetime(month.year, month.month, 10, tzinfo=ZoneInfo("UTC"))
    return GamePoints.objects.create(
        player=player,
        game=game,
        points=points,
        won=True,
        month=month,
        day=finished_at.date(),
        finished_at=finished_at,
    )
