"""What one seat may see: its own cards and public information, nothing else.

A view never holds another seat's unplayed card. The up card is public (everyone saw it turned
up, and saw the dealer take it); the kitty, the discard and the cards swapped by going under are
known only to the seat that handled them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import sort_hand
from .records import Bid, HandRecord, Trick

if TYPE_CHECKING:
    from .game import GameState


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int | None  # None for a spectator
    hand_number: int
    dealer: int
    phase: str  # bid1 bid2 discard alone defend play done over
    to_act: int | None
    hand: tuple[str, ...]  # my cards, sorted for display
    hand_sizes: tuple[int, int, int, int]
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
    tricks_won: tuple[int, int]  # per team, this hand
    score: tuple[int, int]
    target_score: int
    winner: int | None
    history: tuple[HandRecord, ...]  # finished hands, public records only

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
            "history": [record.to_dict() for record in self.history],
        }


def seat_view(state: GameState, seat: int | None) -> SeatView:
    hand = state.hand
    mine = seat is not None
    under = hand.went_under
    my_under = under if (under is not None and mine and under.seat == seat) else None
    over = state.winner is not None
    return SeatView(
        seat=seat,
        hand_number=hand.number,
        dealer=hand.dealer,
        phase="over" if over else hand.phase,
        to_act=state.to_act,
        hand=tuple(sort_hand(hand.hands[seat], hand.trump)) if mine else (),
        hand_sizes=tuple(len(cards) for cards in hand.hands),  # type: ignore[arg-type]
        legal_actions=tuple(state.legal_actions()) if mine and state.to_act == seat else (),
        upcard=hand.upcard,
        upcard_taken=hand.upcard_taken,
        bids=tuple(hand.bids),
        went_under_seat=under.seat if under is not None else None,
        my_under_given=my_under.given if my_under else None,
        my_under_received=my_under.received if my_under else None,
        my_discard=hand.discarded if mine and seat == hand.dealer else None,
        trump=hand.trump,
        maker=hand.maker,
        maker_alone=hand.maker_alone,
        lone_defender=hand.lone_defender,
        sitting_out=tuple(s for s in range(4) if not hand.active[s]),
        trick=tuple(zip(hand.trick_seats, hand.trick_cards, strict=True)),
        tricks=tuple(hand.tricks),
        tricks_won=(hand.tricks_won[0], hand.tricks_won[1]),
        score=(state.scores[0], state.scores[1]),
        target_score=state.rules.target_score,
        winner=state.winner,
        history=tuple(state.public_records),
    )
