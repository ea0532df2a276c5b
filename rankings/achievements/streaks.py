"""Runs in a player's record: wins in a row (Unbeatable), losses with 5 or more (High Five), days
played in a row (Monthiversary). Pure functions over what the database returns, newest first.

    run_milestones([("g9", True), ("g8", True), ("g7", False)], every=2) == ["g9"]
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import TypeVar

K = TypeVar("K")


def run_milestones(newest_first: Iterable[tuple[K, bool]], *, every: int) -> list[K]:
    """`newest_first` walks back from the newest item: (key, whether it continues the run). The
    run is the items before the first False. Returns the keys of the items at which the run
    reached every, 2*every, 3*every... items, counted from its oldest item; oldest first."""
    run = []
    for key, continues in newest_first:
        if not continues:
            break
        run.append(key)
    run.reverse()
    return [run[index - 1] for index in range(every, len(run) + 1, every)]


def consecutive_days(newest_first: Iterable[date]) -> Iterable[tuple[date, bool]]:
    """Distinct days played, newest first, as (day, continues the run): a day continues it when
    it is the day before the one after it."""
    after: date | None = None
    for day in newest_first:
        yield day, after is None or day == after - timedelta(days=1)
        after = day
