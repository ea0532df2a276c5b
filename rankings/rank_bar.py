"""The profile's rank progress bar: from the player's rank's monthly points to the next rank's.

This month's progress is the points carried into the month plus those won in it (seed 000).
The bar stacks them in that order, the carry first (it was there on the 1st), so the carry's
segment is the part of the bar it covers: a carry below the current rank's points covers none
of it, and the text beside the bar says the split either way.

    rank_bar(rank=MASTER, next_rank=GRANDMASTER, earned=100, carried=450).percent == 3.3
"""

from __future__ import annotations

from dataclasses import dataclass

from .ranks import Rank


@dataclass(frozen=True)
class RankBar:
    rank: Rank
    next_rank: Rank | None  # None at the highest rank: the bar is full
    earned: int
    carried: int
    percent: float  # the filled part, 0 to 100
    carried_percent: float  # the carry's segment (within `percent`)
    won_percent: float  # the segment of the points won this month

    @property
    def progress(self) -> int:
        return self.earned + self.carried

    @property
    def top(self) -> bool:
        return self.next_rank is None

    @property
    def bar_value(self) -> int:
        """The progress as the bar shows it, within its two ends (for aria-valuenow)."""
        if self.next_rank is None:
            return self.rank.monthly_points
        return min(max(self.progress, self.rank.monthly_points), self.next_rank.monthly_points)


def _percent_of(points: int, *, low: int, high: int) -> float:
    """Where `points` falls between `low` (0) and `high` (100), within them, to 0.1."""
    return round(100 * (min(max(points, low), high) - low) / (high - low), 1)


def rank_bar(*, rank: Rank, next_rank: Rank | None, earned: int, carried: int) -> RankBar:
    if next_rank is None:
        return RankBar(rank, None, earned, carried, percent=100, carried_percent=0, won_percent=100)
    ends = {"low": rank.monthly_points, "high": next_rank.monthly_points}
    percent = _percent_of(earned + carried, **ends)
    carried_percent = _percent_of(carried, **ends)
    return RankBar(
        rank,
        next_rank,
        earned,
        carried,
        percent=percent,
        carried_percent=carried_percent,
        # the difference, so the two segments add up to the filled part exactly
        won_percent=round(percent - carried_percent, 1),
    )
