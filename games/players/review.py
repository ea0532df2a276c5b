"""A game review: the strong player's verdict on each decision one seat made in a game.

Plain Python over the engine, like the players: the game is replayed from its rules, seed and
actions, and at each decision of the reviewed seat that offered a real choice, every choice is
valued from that seat's view only (`search/evaluate.py`). The loss of a decision is how many
hand points the choice made expects below the best choice; like a chess site's analysis, a loss
is an inaccuracy, a mistake or a blunder past a threshold, and only when it is clear of the
sampling's noise (twice its standard error).

What a reviewed decision keeps (`ReviewedDecision`) is what the seat saw: its own cards, the up
card, trump, the trick so far and the bids. It never holds another seat's unplayed card.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from games.engine import GameState, RuleOptions, SeatView
from games.engine.phases import PLAY_PHASE
from games.engine.view import seat_view

from .search.evaluate import Budget, choices_of, decision_values

# the loss in hand points from which a decision is each of these (a euchre against a make is
# 3 points, a march missed 1, a make given up to the other side 2)
INACCURACY = 0.2
MISTAKE = 0.5
BLUNDER = 1.0
NOISE = 2.0  # a loss within this many standard errors of zero is not held against anyone
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


def verdict_of(loss: float, error: float) -> str:
    if loss <= 1e-9:
        return "best"
    if loss < INACCURACY or loss < NOISE * error:
        return "good"
    if loss < MISTAKE:
        return "inaccuracy"
    return "mistake" if loss < BLUNDER else "blunder"


@dataclass(frozen=True)
class Decision:
    """A decision of the reviewed seat with a real choice: where it is in the log, the seat's
    view then, what it chose and the choices to value."""

    index: int
    view: SeatView
    chosen: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class ReviewedDecision:
    index: int  # the action's place in the game's log
    hand_number: int  # from 1
    trick: int | None  # from 1, in the play of the cards; None before it
    phase: str
    hand: tuple[str, ...]  # my cards then (none while deciding blind)
    upcard: str
    trump: str | None
    dealer: int
    bids: tuple[tuple[int, str], ...]  # this hand's bids so far (seat, call)
    trick_so_far: tuple[tuple[int, str], ...]  # (seat, card) already played to this trick
    score: tuple[int, ...]
    chosen: str
    choices: tuple[tuple[str, float], ...]  # (action, expected hand points), the best first
    loss: float
    error: float  # the standard error of the loss
    verdict: str
    deals: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "hand_number": self.hand_number,
            "trick": self.trick,
            "phase": self.phase,
            "hand": list(self.hand),
            "upcard": self.upcard,
            "trump": self.trump,
            "dealer": self.dealer,
            "bids": [list(bid) for bid in self.bids],
            "trick_so_far": [list(play) for play in self.trick_so_far],
            "score": list(self.score),
            "chosen": self.chosen,
            "choices": [[action, round(value, 3)] for action, value in self.choices],
            "loss": round(self.loss, 3),
            "error": round(self.error, 3),
            "verdict": self.verdict,
            "deals": self.deals,
        }


def seat_decisions(
    rules: RuleOptions,
    seed: int | str,
    actions: list[str],
    seat: int,
    own: Collection[int],
) -> Iterator[Decision]:
    """The decisions of `seat` with a real choice, among the log's entries `own` (the moves
    its player made, not the computer's after a timeout), in the order of the game."""
    state = GameState(rules, seed)
    for index, action in enumerate(actions):
        if state.to_act == seat and index in own:
            view = seat_view(state, seat)
            choices = choices_of(view, rules, action)
            if action in choices:  # not a renege, nor a phase left unvalued
                yield Decision(index, view, action, tuple(choices))
        state.apply(action)


def decision_review(
    decision: Decision, rules: RuleOptions, seed: int | str, budget: Budget | None = None
) -> ReviewedDecision:
    """The verdict on one decision: the same figures for the same game on any machine (the
    deals are drawn from the game's seed and the decision's place)."""
    view = decision.view
    rng = random.Random(f"review/{seed}/{decision.index}")
    values = decision_values(view, rules, rng, list(decision.choices), budget)
    loss, error = values.loss(decision.chosen)
    in_play = view.phase == PLAY_PHASE
    return ReviewedDecision(
        index=decision.index,
        hand_number=view.hand_number + 1,
        trick=len(view.tricks) + 1 if in_play else None,
        phase=view.phase,
        hand=view.hand,
        upcard=view.upcard,
        trump=view.trump,
        dealer=view.dealer,
        bids=tuple((bid.seat, bid.call) for bid in view.bids),
        trick_so_far=view.trick,
        score=view.score,
        chosen=decision.chosen,
        choices=tuple((choice.action, choice.value) for choice in values.choices),
        loss=max(loss, 0.0),
        error=error,
        verdict=verdict_of(loss, error),
        deals=values.deals,
    )


@dataclass(frozen=True)
class DecisionHint:
    """The strong player's choice at a decision being faced: every choice with the hand points
    it expects for the seat's side, the best first, as a review values a decision made."""

    choices: tuple[tuple[str, float], ...]
    deals: int


def decision_hint(
    view: SeatView, rules: RuleOptions, seed: int | str, budget: Budget | None = None
) -> DecisionHint | None:
    """The choices of the seat to act in `view`, valued from that view only (it holds no other
    seat's hidden card), with the review's budget; the same for the same `seed`, so asking
    again gives the same answer. None where the review values nothing (no real choice, or a
    phase it leaves to the rule of thumb)."""
    choices = choices_of(view, rules)
    if not choices:
        return None
    values = decision_values(view, rules, random.Random(f"hint/{seed}"), choices, budget)
    return DecisionHint(
        choices=tuple((choice.action, choice.value) for choice in values.choices),
        deals=values.deals,
    )
