"""Closing a month again, by staff, after they corrected its recorded points (say, a blocked
cheater's GamePoints rows were removed): the month's long-term awards and its carry into the
next month are made afresh from the points as they are now."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from ..models import LongTermAward, MonthCarry, MonthClose, MonthRerun
from .game_points import month_of
from .month_close import next_month
from .month_end import MonthEnd, month_end


def month_is_over(*, year: int, month: int) -> bool:
    """A month can be closed only once it has ended (in the site's time zone)."""
    return date(year, month, 1) < month_of(timezone.now())


def month_not_over_message(*, year: int, month: int) -> str:
    return (
        f"{year}-{month:02d} is not over yet: a month can only be closed once it has ended "
        f"(this is {month_of(timezone.now()):%Y-%m})."
    )


def month_end_again(*, year: int, month: int, staff_id: int | None) -> MonthEnd:
    """Deletes the month's long-term awards, the carry INTO the next month and its MonthClose
    row, then runs `month_end` again; all in one transaction, logged as a MonthRerun.

    What was paid stays paid: achievements (Top player, Month winner) and rank rewards are not
    taken back, and their coins stay in the wallets. Achievements are idempotent per
    occurrence, so a player new to the top 10 gets Top player now and nobody gets one twice;
    ranks already reached are kept forever, even if the new carry would not reach them.

    Raises ValueError for the current month or a future one."""
    if not month_is_over(year=year, month=month):
        raise ValueError(month_not_over_message(year=year, month=month))
    carry_year, carry_month = next_month(year, month)
    with transaction.atomic():
        # two reruns of one month run one after the other: the second waits here
        list(MonthClose.objects.select_for_update().filter(year=year, month=month))
        LongTermAward.objects.filter(year=year, month=month).delete()
        MonthCarry.objects.filter(year=carry_year, month=carry_month).delete()
        MonthClose.objects.filter(year=year, month=month).delete()
        ended = month_end(year=year, month=month)
        MonthRerun.objects.create(year=year, month=month, staff_id=staff_id, at=timezone.now())
    return ended
