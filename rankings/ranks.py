"""Ranks (seed 000): a player reaches a rank by winning its points within one month, keeps it
forever, and gets its coin reward once.

    rank_for_points(640) == MASTER
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rank:
    name: str
    monthly_points: int  # points needed within one month
    reward_coins: int  # paid once, when the rank is first reached

    @property
    def slug(self) -> str:
        return self.name.lower()


NEWBIE = Rank("Newbie", 0, 0)
ROOKIE = Rank("Rookie", 10, 10)
APPRENTICE = Rank("Apprentice", 50, 20)
JOURNEYMAN = Rank("Journeyman", 200, 50)
MASTER = Rank("Master", 500, 100)
GRANDMASTER = Rank("Grandmaster", 2000, 200)
KING = Rank("King", 5000, 500)
CHAMPION = Rank("Champion", 10000, 1000)

# lowest first
RANKS: tuple[Rank, ...] = (
    NEWBIE,
    ROOKIE,
    APPRENTICE,
    JOURNEYMAN,
    MASTER,
    GRANDMASTER,
    KING,
    CHAMPION,
)


def rank_for_points(points: int) -> Rank:
    """The highest rank whose monthly points `points` reaches."""
    reached = NEWBIE
    for rank in RANKS:
        if points >= rank.monthly_points:
            reached = rank
    return reached


def next_rank(rank: Rank) -> Rank | None:
    """The rank above `rank`; None for the highest."""
    index = RANKS.index(rank)
    return RANKS[index + 1] if index + 1 < len(RANKS) else None
