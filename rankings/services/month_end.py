"""The month's end, as the beat job, the management command and staff in the admin run it:
close the month (long-term awards, carry-over), then award its Top player and Month winner.
Each step is idempotent, so a rerun finishes what a crash between them left undone."""

from __future__ import annotations

from dataclasses import dataclass

from .achievements import achievements_after_month
from .month_close import month_close


@dataclass(frozen=True)
class MonthEnd:
    closed_now: bool  # False: the month was closed before
    achievements_awarded: int


def month_end(*, year: int, month: int) -> MonthEnd:
    closed_now = month_close(year=year, month=month)
    awards = achievements_after_month(year=year, month=month)
    return MonthEnd(closed_now=closed_now, achievements_awarded=len(awards))
