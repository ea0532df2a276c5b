"""A hand played out by players who see only their own cards: what a decision is really worth.

The searched bids value a decision by solving the play with every hand known (`bidding.py`),
corrected on average for what real play makes of it (`calibration.py`). Offline, to learn how
much that still flatters a bid (`build_bid_table.py --played`), the same decision is played out
instead: the rest of the auction as the search assumes it (the rule of thumb for every seat),
and every card by the search player's card play (PIMC over deals consistent with each seat's
own view), as strong plays them. Far too slow for a live decision.
"""

from __future__ import annotations

import random

from games.engine import HandState, RuleOptions
from games.engine.phases import DONE, PLAY_PHASE

from .baseline import baseline_action
from .bidding import _view_of
from .player import SearchPlayer

# strong's card play when the bid table was built (levels.py: STRONG_PLAY_SAMPLES, and the
# STRONG_NODE_BUDGET of then)
PLAY_SAMPLES = 24
NODE_BUDGET = 16_000


def played_points(
    hand: HandState,
    me: int,
    action: str,
    rules: RuleOptions,
    score: tuple[int, ...],
    seed: str,
    play_samples: int = PLAY_SAMPLES,
    node_budget: int | None = NODE_BUDGET,
) -> float:
    """Apply `action` for the seat to act, play the hand to its end: my side's hand points
    minus the other side's (the partnership game). `seed` seeds the card players, so that two
    decisions compared on the same deal meet the same players."""
    players = [
        SearchPlayer(
            random.Random(f"{seed}/{seat}"),
            play_samples=play_samples,
            bid_samples=0,
            node_budget=node_budget,
        )
        for seat in range(hand.seats)
    ]
    hand.apply(action)
    while hand.phase != DONE:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if len(legal) == 1:
            choice = legal[0]
        else:
            view = _view_of(hand, seat, rules, score)
            if hand.phase == PLAY_PHASE:
                choice = players[seat].choose(view, rules)
            else:
                choice = baseline_action(view, rules)
        hand.apply(choice)
    points = hand.points_by_scorer
    return float(points[me % 2] - points[1 - me % 2])


__all__ = ["played_points"]
