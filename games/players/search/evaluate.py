"""The strong player's value of every choice at one decision, for the game review.

Where the search player wants only the best choice, the review wants a number for each: the
hand points its side expects from each honest choice at that point of the hand, over deals
consistent with the seat's view (`sampler.py`), the same deals for every choice so that their
differences are not noise of the sampling. Each choice is valued as the search player values
its candidates:
- a card: the play of the rest of the hand solved with every hand known (`card_play.py`);
- a bid, a pass, going alone or not, a discard, a variant's choice: the rest of the auction
  played out by the rule of thumb, then the play solved (`bidding.py`'s `play_out`).

It sees only the `SeatView`, so it cannot use a card the seat could not see. Its randomness is
the generator it is given: a review seeds one per decision, so a review is a pure function of
the game. The work is bounded by a number of deals (and, for the auction, of solver
positions), never by the clock, so the same game gets the same figures on any machine.

Choices not valued: naming trump blind and Robson's add or reduce (the search leaves them to
the rule of thumb too), and a renege (the solver plays only cards that follow suit).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games.engine import RuleOptions, SeatView
from games.engine.phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    BLIND_PHASE,
    CALL_ACE_PHASE,
    DEALER_NAMES_PHASE,
    DEFEND_PHASE,
    DISCARD_PHASE,
    PLAY_PHASE,
)

from .baseline import baseline_action, honest_view
from .bidding import Candidate, play_out, world_state
from .card_play import card_values
from .sampler import world_stream

VALUED_PHASES = (
    BID1,
    BID2,
    DISCARD_PHASE,
    ALONE_PHASE,
    DEFEND_PHASE,
    CALL_ACE_PHASE,
    BLIND_PHASE,
    DEALER_NAMES_PHASE,
    PLAY_PHASE,
)
# swapping three cards has ten ways or more: only the one chosen and the rule of thumb's are
# valued (against not swapping), as the search player does
SWAPS = ("under:", "exchange:")
AUCTION_NODES = 60  # bidding.py's cost of playing an auction out, in solver positions


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one decision gets: `deals` sampled deals for a card (more once a few
    tricks are gone and each deal costs less), `bid_deals` for the other decisions, stopping
    early (never below `min_deals`) once the auction's play-outs have searched `bid_nodes`
    solver positions."""

    deals: int = 40
    bid_deals: int = 32
    bid_nodes: int = 80_000
    min_deals: int = 8

    def card_deals(self, cards_in_hand: int, hand_size: int) -> int:
        gone = hand_size - cards_in_hand
        return self.deals * (1 if gone < 2 else 2)


@dataclass(frozen=True, slots=True)
class ChoiceValue:
    action: str
    value: float  # mean hand points for the seat's side
    points: tuple[float, ...]  # per deal, in the order of the deals (the same for each choice)


@dataclass(frozen=True, slots=True)
class DecisionValues:
    choices: tuple[ChoiceValue, ...]  # the best first; ties in the order of the legal actions
    deals: int

    def of(self, action: str) -> ChoiceValue:
        return next(choice for choice in self.choices if choice.action == action)

    def loss(self, action: str) -> tuple[float, float]:
        """How much less than the best `action` expects, and the standard error of that
        difference over the deals (paired: the same deals for both)."""
        best, mine = self.choices[0], self.of(action)
        gaps = [b - m for b, m in zip(best.points, mine.points, strict=True)]
        mean = sum(gaps) / len(gaps)
        if len(gaps) < 2:
            return mean, 0.0
        spread = math.sqrt(sum((gap - mean) ** 2 for gap in gaps) / (len(gaps) - 1))
        return mean, spread / math.sqrt(len(gaps))


def choices_of(view: SeatView, rules: RuleOptions, chosen: str | None = None) -> list[str]:
    """The choices to value at this decision: every honest legal action, except that of the
    many ways to swap three cards only `chosen` and the rule of thumb's are kept. Empty when
    the phase is not valued or nothing is to choose."""
    view = honest_view(view)
    if view.phase not in VALUED_PHASES or len(view.legal_actions) < 2:
        return []
    keep = {chosen, baseline_action(view, rules)}
    found = [
        action for action in view.legal_actions if not action.startswith(SWAPS) or action in keep
    ]
    return found if len(found) > 1 else []


def decision_values(
    view: SeatView,
    rules: RuleOptions,
    rng: random.Random,
    choices: list[str],
    budget: Budget | None = None,
) -> DecisionValues:
    """The value of each of `choices` (from `choices_of`) for the seat to act in `view`."""
    budget = budget or Budget()
    assert view.seat is not None and len(choices) > 1
    view = honest_view(view)
    if view.phase == PLAY_PHASE:
        points = _card_points(view, rules, rng, choices, budget)
    else:
        points = _decision_points(view, rules, rng, choices, budget)
    deals = len(points[choices[0]])
    order = sorted(range(len(choices)), key=lambda i: (-sum(points[choices[i]]) / max(deals, 1), i))
    return DecisionValues(
        choices=tuple(
            ChoiceValue(
                action=choices[i],
                value=sum(points[choices[i]]) / deals,
                points=tuple(points[choices[i]]),
            )
            for i in order
        ),
        deals=deals,
    )


def _card_points(
    view: SeatView, rules: RuleOptions, rng: random.Random, choices: list[str], budget: Budget
) -> dict[str, list[float]]:
    """Each card's points deal by deal: `card_values` over one deal at a time, which keeps
    the pairs for the standard error."""
    cards = [action[5:] for action in choices]
    deals = budget.card_deals(len(view.hand), rules.hand_size)
    points: dict[str, list[float]] = {action: [] for action in choices}
    worlds = world_stream(view, rules, rng)
    for _ in range(deals):
        values = card_values(view, rules, [next(worlds)], cards, 1, min_samples=1)
        for card, value in values.items():
            points["play:" + card].append(value)
    return points


def _decision_points(
    view: SeatView, rules: RuleOptions, rng: random.Random, choices: list[str], budget: Budget
) -> dict[str, list[float]]:
    """Each decision's points deal by deal: the hand as it stands in each deal, the choice
    applied, the auction played out by the rule of thumb, the play solved."""
    assert view.seat is not None
    points: dict[str, list[float]] = {action: [] for action in choices}
    work = [0]
    for used, world in enumerate(world_stream(view, rules, rng)):
        if used >= budget.bid_deals or (work[0] >= budget.bid_nodes and used >= budget.min_deals):
            break
        base = world_state(view, rules, world)
        for action in choices:
            work[0] += AUCTION_NODES
            value = play_out(base.clone(), view.seat, Candidate(action), rules, view.score, work)
            points[action].append(value)
    return points


__all__ = ["Budget", "ChoiceValue", "DecisionValues", "choices_of", "decision_values"]
