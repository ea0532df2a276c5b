"""A game to the target score: a pure function of (rule options, seed, actions).

`GameState` applies actions in place (fast, for simulations and search); `Game` is the
immutable face used by the site: `Game(rules, seed, actions)` derives everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .deal import DealerDraw, deal_hand, dealer_draw, first_dealer
from .errors import GameOver, IllegalAction
from .hand import DONE, HandState
from .records import REDEAL, HandRecord
from .rules import RuleOptions
from .view import SeatView, seat_view


class GameState:
    __slots__ = (
        "rules",
        "seed",
        "first_dealer",
        "scores",
        "records",
        "public_records",
        "winner",
        "hand",
        "actions",
        "dealer_draw",
    )

    def __init__(self, rules: RuleOptions, seed: int | str) -> None:
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer(seed, rules)
        # seed 004: the cards turned face up to find the first dealer, for a page to show
        self.dealer_draw: DealerDraw | None = (
            dealer_draw(seed, rules) if rules.first_dealer == "black_jack" else None
        )
        self.scores = [0] * rules.scorers
        self.records: list[HandRecord] = []
        # made once per finished hand: every seat view shows them
        self.public_records: list[HandRecord] = []
        self.winner: int | None = None
        self.actions: list[str] = []
        self.hand = self._new_hand(0, self.first_dealer)

    def _new_hand(self, number: int, dealer: int) -> HandState:
        hand = HandState(self.rules, dealer, deal_hand(self.seed, number, self.rules), number)
        while hand.phase == DONE:  # an upturned Benny with the redeal rule: deal again
            self._record(hand)
            number += 1
            hand = HandState(self.rules, dealer, deal_hand(self.seed, number, self.rules), number)
        return hand

    def clone(self) -> GameState:
        other = GameState.__new__(GameState)
        other.rules, other.seed, other.first_dealer = self.rules, self.seed, self.first_dealer
        other.dealer_draw = self.dealer_draw
        other.scores, other.records = list(self.scores), list(self.records)
        other.public_records = list(self.public_records)
        other.winner, other.actions = self.winner, list(self.actions)
        other.hand = self.hand.clone()
        return other

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.hand.to_act

    def legal_actions(self) -> list[str]:
        return [] if self.winner is not None else self.hand.legal_actions()

    def apply(self, action: str, seat: int | None = None) -> None:
        """Apply `action`; when `seat` is given it must be the seat to act."""
        if self.winner is not None:
            raise GameOver("The game is over")
        if seat is not None and seat != self.hand.to_act:
            raise IllegalAction("It is not your turn")
        hand = self.hand
        hand.apply(action)
        self.actions.append(action)
        if hand.phase != DONE:
            return
        scores = self.scores
        for scorer, points in enumerate(hand.points_by_scorer):
            if points:
                # Robson's "reduce" takes points off, never below zero
                scores[scorer] = max(0, scores[scorer] + points)
        self._record(hand)
        self.winner = hand.forfeit_to if hand.forfeit_to is not None else self._winner()
        if self.winner is None:
            seats = self.rules.seats
            # a redeal on request: the same dealer deals again; otherwise the deal moves left
            dealer = hand.dealer if hand.outcome == REDEAL else (hand.dealer + 1) % seats
            self.hand = self._new_hand(hand.number + 1, dealer)

    def _record(self, hand: HandState) -> None:
        record = hand.record(score_after=tuple(self.scores))
        self.records.append(record)
        self.public_records.append(record.public())

    def _winner(self) -> int | None:
        """A team (or a player, without partners) at the target with the best score alone,
        by two with win_by_two; a tie at the top plays on."""
        rules, scores = self.rules, self.scores
        best = max(scores)
        if best < rules.target_score:
            return None
        leader = scores.index(best)
        runner_up = max(score for scorer, score in enumerate(scores) if scorer != leader)
        lead = best - runner_up
        if lead > 0 and (not rules.win_by_two or lead >= 2):
            return leader
        return None


@dataclass(frozen=True)
class Game:
    """The site's view of a game. Hashable by value; `apply` returns a new game."""

    rules: RuleOptions
    seed: int | str
    actions: tuple[str, ...] = ()
    _state: GameState = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        state = GameState(self.rules, self.seed)
        for number, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(f"action {number} ({action!r}): {error}") from error
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "_state", state)

    def apply(self, action: str, seat: int | None = None) -> Game:
        state = self._state.clone()
        state.apply(action, seat)
        new = object.__new__(Game)
        object.__setattr__(new, "rules", self.rules)
        object.__setattr__(new, "seed", self.seed)
        object.__setattr__(new, "actions", (*self.actions, action))
        object.__setattr__(new, "_state", state)
        return new

    # ---- derived facts --------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self._state.to_act

    def legal_actions(self) -> list[str]:
        return list(self._state.legal_actions())

    def honest_actions(self) -> list[str]:
        """The legal actions without a renege: what a computer chooses from."""
        return list(self._state.hand.honest_actions())

    @property
    def score(self) -> tuple[int, ...]:
        """Per team with partners, else per player."""
        return tuple(self._state.scores)

    @property
    def is_over(self) -> bool:
        return self._state.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team (0: seats 0 and 2, 1: seats 1 and 3), or without partners the
        winning player's seat; None while playing."""
        return self._state.winner

    @property
    def winning_seats(self) -> tuple[int, ...]:
        winner = self._state.winner
        if winner is None:
            return ()
        if self.rules.partnerships:
            return (winner, winner + 2)
        return (winner,)

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """Every finished hand, with hidden cards: for the server only (see HandRecord.public)."""
        return tuple(self._state.records)

    @property
    def hand_number(self) -> int:
        return self._state.hand.number

    @property
    def dealer(self) -> int:
        return self._state.hand.dealer

    @property
    def phase(self) -> str:
        return "over" if self.is_over else self._state.hand.phase

    def view(self, seat: int) -> SeatView:
        return seat_view(self._state, seat)

    def spectator_view(self) -> SeatView:
        return seat_view(self._state, None)

    def state(self) -> GameState:
        """A private copy of the mutable state, for simulations and search."""
        return self._state.clone()
