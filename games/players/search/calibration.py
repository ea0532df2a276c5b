"""What real play makes of a hand that solved play, every card known, makes or marches.

The searched bids value each candidate by solving the play of sampled deals with every hand
known. That is optimistic for the makers: the solver marched 26.5% of the hands it was asked
about where the players made 16.8%, and it never misplays a make into a euchre. So a solved
class (euchred, made, marched) is replaced by the mean points real play makes of hands that
solve to that class: `calibration.json`, counted by `python -m games.players.calibrate_bidding`
from hands that the strong player plays against itself, with the deal solved at the first lead
and the hand then played out by the players (a lone maker's hands counted apart).

Used for the partnership games of five-card hands (the games it was counted on); the others keep
the solver's classes as they are.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games.engine import HandState, RuleOptions

from .solver import Stakes

DATA = Path(__file__).with_name("calibration.json")
EUCHRED, MADE, MARCHED = 0, 1, 2
# a count of 2 on the diagonal of each row before the data: a class seldom seen stays near
# what the solver says
PRIOR = 2.0


@cache
def outcome_rates() -> dict[str, list[list[float]]]:
    """For "partnered" and "alone" makers: rates[solved class][real class], each row summing
    to 1."""
    if not DATA.exists():  # while it is being counted: the solver's classes as they are
        return {}
    counts = json.loads(DATA.read_text())["counts"]
    rates: dict[str, list[list[float]]] = {}
    for kind, rows in counts.items():
        rates[kind] = []
        for solved, row in enumerate(rows):
            smoothed = [count + PRIOR * (real == solved) for real, count in enumerate(row)]
            total = sum(smoothed)
            rates[kind].append([count / total for count in smoothed])
    return rates


def calibrates(rules: RuleOptions, hand: HandState) -> bool:
    shape = rules.partnerships and rules.hand_size == 5 and not hand.blind_alone
    return shape and bool(outcome_rates())


def calibrated_points(solved: int, stakes: Stakes, alone: bool) -> float:
    """The makers' mean points in real play for a hand the solver puts in class `solved`."""
    row = outcome_rates()["alone" if alone else "partnered"][solved]
    return row[EUCHRED] * stakes.euchre + row[MADE] * stakes.make + row[MARCHED] * stakes.march


__all__ = ["EUCHRED", "MADE", "MARCHED", "calibrated_points", "calibrates", "outcome_rates"]
