"""Levels of play a table's creator may choose: easy, normal, strong.

- easy: the rule-of-thumb player, but one card in four is any legal card and its bids are a
  little rash (it bids from a point lower);
- normal: searched card play over a few deals (`search/`), rule-of-thumb bidding;
- strong: searched card play over more deals, and searched bidding, going alone, going under
  and discarding, departing from the rule of thumb only where the search is clearly better.

`choose_action_at_level(view, rules, level, seed)` is a pure function of its arguments: the
server passes a seed derived from the game's seed and the action's number.
"""

from __future__ import annotations

import random

from games.engine import RuleOptions, SeatView
from games.engine.hand import PLAY_PHASE

from .base import ComputerPlayer
from .rule_of_thumb import BiddingStyle, choose_action
from .search import SearchPlayer

LEVELS: tuple[str, ...] = ("easy", "normal", "strong")

EASY_STYLE = BiddingStyle(order_up_points=4.5, call_points=4.5)
EASY_RANDOM_CARD = 0.25
NORMAL_PLAY_SAMPLES = 4
STRONG_PLAY_SAMPLES = 24
STRONG_BID_SAMPLES = 20
# solver positions per decision: about 60 ms of CPU of the machine the arena ran on
STRONG_NODE_BUDGET = 16_000
# the searched bids depart from the rule of thumb only on clear evidence (see search/bidding.py)
STRONG_BIDDING = {"bid_margin": 0.3, "alone_margin": 0.3, "confidence": 1.0}


class EasyPlayer:
    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.seed = rng.getrandbits(64)

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        point = (view.hand_number, view.phase, len(view.bids), len(view.tricks), len(view.trick))
        rng = random.Random(f"{self.seed}/{point}")
        if view.phase == PLAY_PHASE and rng.random() < EASY_RANDOM_CARD:
            return rng.choice(legal)
        return choose_action(view, rules, EASY_STYLE)


class NormalPlayer(SearchPlayer):
    name = "normal"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, play_samples=NORMAL_PLAY_SAMPLES, bid_samples=0)


class StrongPlayer(SearchPlayer):
    name = "strong"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(
            rng,
            play_samples=STRONG_PLAY_SAMPLES,
            bid_samples=STRONG_BID_SAMPLES,
            node_budget=STRONG_NODE_BUDGET,
            **STRONG_BIDDING,
        )


LEVEL_PLAYERS = {"easy": EasyPlayer, "normal": NormalPlayer, "strong": StrongPlayer}


def player_for_level(level: str, rng: random.Random) -> ComputerPlayer:
    try:
        factory = LEVEL_PLAYERS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}") from None
    return factory(rng)


def choose_action_at_level(view: SeatView, rules: RuleOptions, level: str, seed: int | str) -> str:
    """The level's choice for the seat of `view` (the seat to act); the same for the same
    arguments."""
    return player_for_level(level, random.Random(f"level/{level}/{seed}")).choose(view, rules)
