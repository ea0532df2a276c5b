"""A rough model of the race to the target score, for choices that trade points against the
score: Robson's add or reduce, and the Robson blind loner.

Each hand, one side or the other scores (even odds), 1 point (a make) most often, 2 (a march or
a euchre) fairly often, 4 (a lone march) now and then: the proportions of rule-of-thumb games.
`race_win(ours, theirs)` is the chance that we reach the target first when we still need
`ours` points and they need `theirs`. It ignores win-by-two and which side holds the deal.
"""

from __future__ import annotations

from functools import cache

# points a scoring side gets in one hand, and how often
HAND_POINTS: tuple[tuple[int, float], ...] = ((1, 0.6), (2, 0.35), (4, 0.05))


@cache
def race_win(ours: int, theirs: int) -> float:
    """The chance that we score `ours` more points before they score `theirs` more."""
    if ours <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    chance = 0.0
    for points, share in HAND_POINTS:
        chance += 0.5 * share * race_win(ours - points, theirs)
        chance += 0.5 * share * race_win(ours, theirs - points)
    return chance


def standing_value(ours: int, theirs: int, target: int) -> float:
    """The race value of a score of `ours` to `theirs`, a hand just finished: a side at the
    target with the better score has won."""
    if ours >= target and ours > theirs:
        return 1.0
    if theirs >= target and theirs > ours:
        return 0.0
    return race_win(max(1, target - ours), max(1, target - theirs))
