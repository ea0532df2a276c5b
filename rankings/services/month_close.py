"""Closing a month (seed 000): the top 50 of both monthly tables win points for the overall
ranking, and 30% of each player's points are carried into the next month.

Set-based: one INSERT ... SELECT per table over the ranked query of `rankings.tables`, and one
for the carry, in one transaction keyed by the month's `MonthClose` row, so a second call (or a
concurrent one, which waits on the unique row) does nothing.

The carry is 30% of the points EARNED in the month (rounded down), not of earned + carried:
seed 000 says "30% of the points are carried over", and its example carries 450 of 1500 earned;
carrying the carry would compound a single great month forever.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import connection, transaction
from django.utils import timezone

from ..models import GamePoints, LongTermAward, MonthCarry, MonthClose
from ..tables import AVERAGE, TOTAL, month_table
from .game_points import game_points_backfill

AWARDED_PLACES = 50
CARRY_PERCENT = 30
_TOP = (1000, 900, 800, 750, 700, 650, 600, 550, 520, 500, 490, 480)


def award_for_position(position: int) -> int:
    """Seed 000's table: 1000, 900, 800, 750, 700, 650, 600, 550, 520, 500, 490, 480, then 10
    fewer per place, 100 for the 50th; 0 past it."""
    if position < 1:
        raise ValueError("positions start at 1")
    if position > AWARDED_PLACES:
        return 0
    if position <= len(_TOP):
        return _TOP[position - 1]
    return _TOP[-1] - 10 * (position - len(_TOP))


def next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def _award_sql() -> str:
    cases = " ".join(f"WHEN {n} THEN {award_for_position(n)}" for n in range(1, AWARDED_PLACES + 1))
    return f"CASE ranked.position {cases} END"


def month_close(*, year: int, month: int) -> bool:
    """Closes (year, month); True if this call closed it, False if it was already closed."""
    first = date(year, month, 1)
    carry_year, carry_month = next_month(year, month)
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {MonthClose._meta.db_table} (year, month, closed_at) "
                # the time as a parameter: plain SQL that SQLite (a local `serve`) runs too
                "VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                [year, month, timezone.now()],
            )
            if cursor.rowcount == 0:
                return False
        _games_of_month_recorded(first=first, carry=date(carry_year, carry_month, 1))
        with connection.cursor() as cursor:
            for table in (TOTAL, AVERAGE):
                sql, params = month_table(table=table, month=first).query.sql_with_params()
                cursor.execute(
                    f"INSERT INTO {LongTermAward._meta.db_table} "
                    '(player_id, year, month, "table", position, points) '
                    f"SELECT ranked.player_id, %s, %s, %s, ranked.position, {_award_sql()} "
                    f"FROM ({sql}) AS ranked WHERE ranked.position <= %s",
                    [year, month, table, *params, AWARDED_PLACES],
                )
            cursor.execute(
                f"INSERT INTO {MonthCarry._meta.db_table} (player_id, year, month, points) "
                f"SELECT player_id, %s, %s, SUM(points) * %s / 100 "
                f"FROM {GamePoints._meta.db_table} WHERE month = %s "
                f"GROUP BY player_id HAVING SUM(points) * %s / 100 > 0",
                [carry_year, carry_month, CARRY_PERCENT, first, CARRY_PERCENT],
            )
    return True


def _games_of_month_recorded(*, first: date, carry: date) -> None:
    """Games of the month whose points were never recorded (a lost task) are recorded before
    the month closes. Normally there are none."""
    zone = timezone.get_default_timezone()
    game_points_backfill(
        finished_from=datetime(first.year, first.month, 1, tzinfo=zone),
        finished_to=datetime(carry.year, carry.month, 1, tzinfo=zone),
    )
