"""What one seat may see: its own cards and public information, nothing else.

A view never holds another seat's unplayed card. The up card is public (everyone saw it turned
up, and saw the dealer take it); the kitty, the discard and the cards swapped by going under or
an exchange are known only to the seat that handled them, except the nines and tens a seed 004
farmer's call gives: shown to the table, they are in every view (`under_shown`), while the three
centre cards taken stay the caller's. A dealer deciding blind (Robson's
blind loner, an upturned Benny named blind) does not see their own hand until they decide.
Call-ace: who the maker's partner is shows when the called card is played; until then only the
holder of the called ace knows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, cast

from .cards import sort_hand
from .deal import DealerDraw
from .hand import HandState
from .phases import BLIND_PHASE, DONE, NAME_BLIND_PHASE
from .records import Bid, HandRecord, Trick
from .rules import RuleOptions

# A finished hand's public record never changes, and every seat's view of every later version
# carries it: its dict is made once per record object (a game keeps the same objects from
# version to version). The record is kept with its dict, so its id is not reused meanwhile.
_FINISHED_HAND_DICTS: dict[int, tuple[HandRecord, dict[str, Any]]] = {}
_FINISHED_HAND_DICTS_MAX = 10_000  # about 1,000 tables of about 10 hands


def finished_hand_dict(record: HandRecord) -> dict[str, Any]:
    """`record.to_dict()`, made once per record: shared, so not to be changed by its reader."""
    kept = _FINISHED_HAND_DICTS.get(id(record))
    if kept is not None and kept[0] is record:
        return kept[1]
    if len(_FINISHED_HAND_DICTS) >= _FINISHED_HAND_DICTS_MAX:
        _FINISHED_HAND_DICTS.clear()
    made = record.to_dict()
    _FINISHED_HAND_DICTS[id(record)] = (record, made)
    return made


class TableState(Protocol):
    """What a view is built from (a `GameState`): the game's facts around the hand."""

    rules: RuleOptions
    hand: HandState
    scores: list[int]
    winner: int | None
    public_records: list[HandRecord]
    dealer_draw: DealerDraw | None

    @property
    def to_act(self) -> int | None: ...

    def legal_actions(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int | None  # None for a spectator
    hand_number: int
    dealer: int
    phase: str  # bid1 bid2 discard alone defend play done over
    to_act: int | None
    hand: tuple[str, ...]  # my cards, sorted for display
    hand_sizes: tuple[int, ...]
    legal_actions: tuple[str, ...]  # empty unless it is my turn
    upcard: str
    upcard_taken: bool
    bids: tuple[Bid, ...]
    went_under_seat: int | None
    my_under_given: tuple[str, ...] | None
    my_under_received: tuple[str, ...] | None
    my_discard: str | None
    trump: str | None
    maker: int | None
    maker_alone: bool
    lone_defender: int | None
    sitting_out: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]  # (seat, card) played to the current trick
    tricks: tuple[Trick, ...]  # this hand's finished tricks
    tricks_won: tuple[int, ...]  # per score (team, or player without partners), this hand
    score: tuple[int, ...]  # per team with partners, else per player
    target_score: int
    winner: int | None  # the winning team, or player without partners
    history: tuple[HandRecord, ...]  # finished hands, public records only
    # the variants (seeds 001-004)
    seats: int = 4
    honest_actions: tuple[str, ...] = ()  # legal actions without a renege (renege rules)
    upcard_suit: str | None = None  # the suit round one proposes (an upturned Benny's named suit)
    taker: int | None = None  # who picked up the up card
    exchange_seat: int | None = None  # who exchanged with the kitty (seed 003)
    my_exchange_given: tuple[str, ...] | None = None
    my_exchange_received: tuple[str, ...] | None = None
    hand_hidden: bool = False  # I decide blind: my cards are not shown yet
    blind_alone: bool = False
    called_suit: str | None = None  # call-ace
    partner: int | None = None  # call-ace: the maker's partner, once I may know it
    tricks_by_seat: tuple[int, ...] = ()
    dealer_draw: tuple[tuple[int, str], ...] = ()  # seed 004: the cards turned for first dealer
    under_shown: tuple[str, ...] | None = None  # seed 004: what a farmer's call showed

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "legal_actions": list(self.legal_actions),
            "upcard": self.upcard,
            "upcard_taken": self.upcard_taken,
            "bids": [{"seat": b.seat, "round": b.round, "call": b.call} for b in self.bids],
            "went_under_seat": self.went_under_seat,
            "my_under_given": self.my_under_given and list(self.my_under_given),
            "my_under_received": self.my_under_received and list(self.my_under_received),
            "my_discard": self.my_discard,
            "trump": self.trump,
            "maker": self.maker,
            "maker_alone": self.maker_alone,
            "lone_defender": self.lone_defender,
            "sitting_out": list(self.sitting_out),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "tricks": [
                {
                    "leader": t.leader,
                    "plays": [{"seat": s, "card": c} for s, c in t.plays],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "score": list(self.score),
            "target_score": self.target_score,
            "winner": self.winner,
            "history": [finished_hand_dict(record) for record in self.history],
            "seats": self.seats,
            "honest_actions": list(self.honest_actions),
            "upcard_suit": self.upcard_suit,
            "taker": self.taker,
            "exchange_seat": self.exchange_seat,
            "my_exchange_given": self.my_exchange_given and list(self.my_exchange_given),
            "my_exchange_received": self.my_exchange_received and list(self.my_exchange_received),
            "hand_hidden": self.hand_hidden,
            "blind_alone": self.blind_alone,
            "called_suit": self.called_suit,
            "partner": self.partner,
            "tricks_by_seat": list(self.tricks_by_seat),
            "dealer_draw": [{"seat": s, "card": c} for s, c in self.dealer_draw],
            "under_shown": self.under_shown and list(self.under_shown),
        }


def seat_view(state: TableState, seat: int | None) -> SeatView:
    hand = state.hand
    mine = seat is not None
    under = hand.went_under
    my_under = under if (under is not None and mine and under.seat == seat) else None
    exchange = hand.exchange
    my_exchange = exchange if (exchange is not None and mine and exchange.seat == seat) else None
    over = state.winner is not None
    my_turn = mine and state.to_act == seat
    hidden = my_turn and hand.phase in (BLIND_PHASE, NAME_BLIND_PHASE)
    legal = tuple(state.legal_actions()) if my_turn else ()
    draw = state.dealer_draw
    return SeatView(
        seat=seat,
        hand_number=hand.number,
        dealer=hand.dealer,
        phase="over" if over else hand.phase,
        to_act=state.to_act,
        hand=tuple(sort_hand(hand.hands[seat], hand.trump))
        if seat is not None and not hidden
        else (),
        hand_sizes=tuple(len(cards) for cards in hand.hands),
        legal_actions=legal,
        upcard=hand.upcard,
        upcard_taken=hand.taker is not None,
        bids=tuple(hand.bids),
        went_under_seat=under.seat if under is not None else None,
        my_under_given=my_under.given if my_under else None,
        my_under_received=my_under.received if my_under else None,
        my_discard=hand.discarded if mine and seat == hand.taker else None,
        trump=hand.trump,
        maker=hand.maker,
        maker_alone=hand.maker_alone,
        lone_defender=hand.lone_defender,
        sitting_out=tuple(s for s in range(hand.seats) if not hand.active[s]),
        trick=tuple(zip(hand.trick_seats, hand.trick_cards, strict=True)),
        tricks=tuple(hand.tricks),
        tricks_won=tuple(hand.tricks_won),
        score=tuple(state.scores),
        target_score=state.rules.target_score,
        winner=state.winner,
        history=tuple(state.public_records),
        seats=hand.seats,
        honest_actions=tuple(hand.honest_actions()) if my_turn and not over else (),
        upcard_suit=hand.upcard_suit,
        taker=hand.taker,
        exchange_seat=exchange.seat if exchange is not None else None,
        my_exchange_given=my_exchange.given if my_exchange else None,
        my_exchange_received=my_exchange.received if my_exchange else None,
        hand_hidden=hidden,
        blind_alone=hand.blind_alone,
        called_suit=hand.called_suit,
        partner=partner_known(hand, seat),
        tricks_by_seat=tuple(hand.tricks_by_seat),
        dealer_draw=draw.cards if draw is not None else (),
        under_shown=under.given if under is not None and under.shown else None,
    )


def partner_known(hand: HandState, seat: int | None) -> int | None:
    """Call-ace: everyone knows the partner once the called card is played (or the hand is
    over); before, only a partner who holds the called ace itself knows."""
    partner = hand.partner
    if partner is None:
        return None
    if hand.partner_shown or hand.phase == DONE:
        return partner
    if seat == partner and hand.partner_card == "A" + cast(str, hand.called_suit):
        return partner
    return None
