"""`FastViews`: the simulator's seat views, equal to `seat_view(state, seat)` but cheaper.

In a simulated game building the view costs more than the random player's whole decision:
`seat_view` copies the hand's bids, tricks and the game's history into new tuples, sorts the
seat's cards and runs the frozen dataclass's checked `__init__` at every decision. Here the
parts that change rarely (bids, finished tricks, history, sorted hands) are kept from one view
to the next until the hand moves on, and the view's slots are filled directly. The rules of
what a seat may see stay in `games.engine.view` (`partner_known` comes from there); the tests
check that every view equals `seat_view` at every decision of games of every preset.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from games.engine import GameState, SeatView
from games.engine.cards import sort_hand
from games.engine.phases import BLIND_PHASE, NAME_BLIND_PHASE, PLAY_PHASE
from games.engine.view import partner_known

# the slot setters of SeatView, in field order: they fill a new view without the frozen checks
_SETTERS = tuple(SeatView.__dict__[item.name].__set__ for item in fields(SeatView))
_HIDDEN_PHASES = (BLIND_PHASE, NAME_BLIND_PHASE)


class FastViews:
    """The views of one game, built incrementally as its state changes."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._history: tuple[Any, ...] = ()
        self._hand: Any = None  # the HandState the cached parts belong to
        self._bids: tuple[Any, ...] = ()
        self._tricks: tuple[Any, ...] = ()
        self._sorted: dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]] = {}
        self._draw: tuple[tuple[int, str], ...] = (
            state.dealer_draw.cards if state.dealer_draw is not None else ()
        )

    def view(self, seat: int) -> SeatView:
        state = self.state
        hand = state.hand
        if hand is not self._hand:
            self._hand, self._bids, self._tricks, self._sorted = hand, (), (), {}
        records = state.public_records
        if len(self._history) != len(records):
            self._history = tuple(records)
        if len(self._bids) != len(hand.bids):
            self._bids = tuple(hand.bids)
        if len(self._tricks) != len(hand.tricks):
            self._tricks = tuple(hand.tricks)
        winner = state.winner
        over = winner is not None
        to_act = None if over else hand.to_act
        phase = hand.phase
        my_turn = to_act == seat
        hidden = my_turn and phase in _HIDDEN_PHASES
        legal: tuple[str, ...] = ()
        honest: tuple[str, ...] = ()
        if my_turn:
            legal = tuple(hand.legal_actions())
            honest = (
                tuple(hand.honest_actions()) if hand.reneging and phase == PLAY_PHASE else legal
            )
        under, exchange = hand.went_under, hand.exchange
        my_under = under if under is not None and under.seat == seat else None
        my_exchange = exchange if exchange is not None and exchange.seat == seat else None
        active = hand.active
        values = (
            seat,
            hand.number,
            hand.dealer,
            "over" if over else phase,
            to_act,
            () if hidden else self._sorted_hand(hand.hands[seat], hand.trump),
            tuple(len(cards) for cards in hand.hands),
            legal,
            hand.upcard,
            hand.taker is not None,
            self._bids,
            under.seat if under is not None else None,
            my_under.given if my_under else None,
            my_under.received if my_under else None,
            hand.discarded if seat == hand.taker else None,
            hand.trump,
            hand.maker,
            hand.maker_alone,
            hand.lone_defender,
            tuple(s for s in range(hand.seats) if not active[s]) if False in active else (),
            tuple(zip(hand.trick_seats, hand.trick_cards, strict=True)),
            self._tricks,
            tuple(hand.tricks_won),
            tuple(state.scores),
            state.rules.target_score,
            winner,
            self._history,
            hand.seats,
            honest,
            hand.upcard_suit,
            hand.taker,
            exchange.seat if exchange is not None else None,
            my_exchange.given if my_exchange else None,
            my_exchange.received if my_exchange else None,
            hidden,
            hand.blind_alone,
            hand.called_suit,
            partner_known(hand, seat),
            tuple(hand.tricks_by_seat),
            self._draw,
            under.given if under is not None and under.shown else None,
        )
        view = object.__new__(SeatView)
        for setter, value in zip(_SETTERS, values, strict=True):
            setter(view, value)
        return view

    def _sorted_hand(self, cards: list[str], trump: str | None) -> tuple[str, ...]:
        key = (trump, tuple(cards))
        found = self._sorted.get(key)
        if found is None:
            found = self._sorted[key] = tuple(sort_hand(cards, trump))
        return found
