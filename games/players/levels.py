"""Levels of play a table's creator may choose: easy, normal, strong.

- easy: the rule-of-thumb player, but one card in four is any honest card and its bids are a
  little rash (it bids from a point lower);
- normal: searched card play over a few deals (`search/`), rule-of-thumb bids (order up, call,
  pass, go under), and the decisions after the bid (going alone, defending alone, the discard,
  the called ace) searched over four deals;
- strong: searched card play over more deals, and searched bidding, going alone, going under
  and discarding, departing from the table's bid (or the rule of thumb's) only where the
  search, its solved play corrected for real play (`search/calibration.py`), is clearly
  better; the table's bids are learned from bids played out, and a searched bid must clear
  the optimism of solved play measured there.

Every level plays every variant, and chooses only from `view.honest_actions`: with a renege
rule on the engine lets people err, but a computer does not cheat. The search decides every
phase of every variant itself; only should it fail (a bug: it raises, or its answer is not an
honest action) do normal and strong fall back to the rule of thumb for that decision, with a
warning, so that a level always plays legally.

`choose_action_at_level(view, rules, level, seed)` is a pure function of its arguments: the
server passes a seed derived from the game's seed and the action's number.
"""

from __future__ import annotations

import logging
import random
from typing import TypedDict

from games.engine import RuleOptions, SeatView
from games.engine.hand import PLAY_PHASE

from .base import ComputerPlayer, PlayerFactory
from .rule_of_thumb import BiddingStyle, choose_action
from .rule_of_thumb_play import honest_choices
from .search import SearchPlayer

logger = logging.getLogger(__name__)
# (variant, phase, what went wrong) already logged: one warning each, not one per decision
_reported: set[tuple[str, str, str]] = set()


def _report(view: SeatView, rules: RuleOptions, problem: str, exc_info: bool = False) -> None:
    key = (rules.variant, view.phase, problem.split(":", 1)[0])
    if key not in _reported:
        _reported.add(key)
        logger.warning(
            "the search cannot decide in phase %s of variant %s (%s): rule of thumb instead "
            "(reported once)",
            view.phase,
            rules.variant,
            problem,
            exc_info=exc_info,
        )


LEVELS: tuple[str, ...] = ("easy", "normal", "strong")

EASY_STYLE = BiddingStyle(order_up_points=4.5, call_points=4.5)
EASY_RANDOM_CARD = 0.25
NORMAL_PLAY_SAMPLES = 8
# solver positions per decision: keeps normal's p95 near 15 ms of CPU (the first tricks cost
# the most; later ones still solve all 8 deals)
NORMAL_NODE_BUDGET = 2_500
# deals for normal's decisions after the bid (alone, the discard, ...): over 12,000 duplicate
# deals +0.110 points a hand over the baseline against +0.102 with the rule of thumb's choices
# there (docs/computer-players.md), p95 still under 14 ms
NORMAL_DECISION_SAMPLES = 4
STRONG_PLAY_SAMPLES = 24
# deals for each bid, lone hand and discard: 48 rather than 20 gained +0.027 points a hand over
# the baseline on 1,800 duplicate deals (paired, three seeds; 72 gained no more), p95 about
# 85 ms (docs/computer-players.md, "More deals for the bids")
STRONG_BID_SAMPLES = 48
# solver positions per decision (the bids reach it, the card play seldom): the time limit
STRONG_NODE_BUDGET = 40_000


class SearchedBidding(TypedDict):
    """`SearchPlayer`'s margins for a searched bid (see search/bidding.py)."""

    bid_margin: float
    alone_margin: float
    confidence: float


# the searched bids depart from the table's bid only on clear evidence (see search/bidding.py):
# by a standard error and, for a bid over a pass, by the solved play's optimism measured where
# the table's bids were played out (`bid_table.learned_bid_margin`; 0.3 elsewhere)
STRONG_BIDDING: SearchedBidding = {"bid_margin": 0.3, "alone_margin": 0.3, "confidence": 1.0}


class EasyPlayer:
    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.seed = rng.getrandbits(64)

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        honest = honest_choices(view)
        if len(honest) == 1:
            return honest[0]
        point = (view.hand_number, view.phase, len(view.bids), len(view.tricks), len(view.trick))
        rng = random.Random(f"{self.seed}/{point}")
        if view.phase == PLAY_PHASE and rng.random() < EASY_RANDOM_CARD:
            return rng.choice(honest)
        return choose_action(view, rules, EASY_STYLE)


class GuardedSearchPlayer(SearchPlayer):
    """The search player, with the rule of thumb as a safety net should the search fail."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        honest = honest_choices(view)
        if len(honest) == 1:
            return honest[0]
        try:
            action = super().choose(view, rules)
        except Exception as error:  # any failure of the search: the decision must be made
            _report(view, rules, f"{type(error).__name__}: {error}", exc_info=True)
            return choose_action(view, rules)
        if action not in honest:
            _report(view, rules, f"not honest: {action}")
            return choose_action(view, rules)
        return action


class NormalPlayer(GuardedSearchPlayer):
    name = "normal"

    def __init__(self, rng: random.Random) -> None:
        # the bid table did not make normal stronger (400 deals: +0.074 with it, +0.079
        # without; at a margin of 0 it bid 64% of hands and was euchred in 20% of its bids;
        # 2,400 deals at a margin of 0.5: +0.019): normal bids by the rule of thumb
        super().__init__(
            rng,
            play_samples=NORMAL_PLAY_SAMPLES,
            bid_samples=NORMAL_DECISION_SAMPLES,
            search_bids=False,
            node_budget=NORMAL_NODE_BUDGET,
        )


class StrongPlayer(GuardedSearchPlayer):
    name = "strong"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(
            rng,
            play_samples=STRONG_PLAY_SAMPLES,
            bid_samples=STRONG_BID_SAMPLES,
            node_budget=STRONG_NODE_BUDGET,
            bid_table_margin=0.0,
            learn_bid_margin=True,
            **STRONG_BIDDING,
        )


LEVEL_PLAYERS: dict[str, PlayerFactory] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrongPlayer,
}


def unknown_level_message(level: str) -> str:
    """What a refused level name is told: the name and the valid ones (the forms, the table
    services and the commands all say the same)."""
    return f"There is no computer level {level!r}: choose {', '.join(LEVELS[:-1])} or {LEVELS[-1]}."


def player_for_level(level: str, rng: random.Random) -> ComputerPlayer:
    try:
        factory = LEVEL_PLAYERS[level]
    except KeyError:
        raise ValueError(unknown_level_message(level)) from None
    return factory(rng)


def choose_action_at_level(view: SeatView, rules: RuleOptions, level: str, seed: int | str) -> str:
    """The level's choice for the seat of `view` (the seat to act); the same for the same
    arguments."""
    return player_for_level(level, random.Random(f"level/{level}/{seed}")).choose(view, rules)
