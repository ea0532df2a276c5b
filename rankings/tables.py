"""The monthly tables as querysets (seed 000: total points, and average points per game), shared
by the pages that read them and by the month-end closing that awards their top 50.

Tie-break, both tables: more games, then the earlier last game (who got there first), then the
lower player id; so every position is distinct (ROW_NUMBER).
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db.models import Count, F, FloatField, Max, QuerySet, Sum, Window
from django.db.models.functions import Cast, RowNumber

from .models import GamePoints, LongTermAward

TOTAL = LongTermAward.Table.TOTAL
AVERAGE = LongTermAward.Table.AVERAGE


def average_min_games() -> int:
    """RANKINGS_AVERAGE_MIN_GAMES: the games a player needs in a month to appear in the average
    table. A single lucky game (an 11:0 is worth 16) must not top a table meant for players who
    win game after game."""
    return settings.RANKINGS_AVERAGE_MIN_GAMES


def month_table(*, table: str, month: date) -> QuerySet:
    """Rows of dicts: player_id, name, total, games, average, last_at, position; best first."""
    # COUNT(*), not COUNT(id): every column read is in the index gamepoints_month_sums, so
    # PostgreSQL reads the month from the index alone (the ids would cost a heap visit a row)
    games = Count("*")
    rows = (
        GamePoints.objects.filter(month=month)
        .values("player_id")
        .annotate(
            name=F("player__display_name"),
            total=Sum("points"),
            games=games,
            average=Cast(Sum("points"), FloatField()) / Cast(games, FloatField()),
            last_at=Max("finished_at"),
        )
    )
    if table == TOTAL:
        rows = rows.filter(total__gt=0)
        first = F("total").desc()
    elif table == AVERAGE:
        rows = rows.filter(games__gte=average_min_games(), total__gt=0)
        first = F("average").desc()
    else:
        raise ValueError(f"no table {table!r}")
    order = [first, F("games").desc(), F("last_at").asc(), F("player_id").asc()]
    return rows.annotate(position=Window(RowNumber(), order_by=order)).order_by(*order)
