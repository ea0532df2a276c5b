"""The history of a hand: every bid and every card, trick by trick.

Enough to draw a score sheet and a trick history (seed 003) and to detect the achievements of
seed 000 (dealt nines and tens, going under, bowers, lone hands, sweeps and euchres).
`HandRecord.public()` drops what no player saw: dealt hands, the kitty, the discard, cards swapped
(but not the nines and tens a seed 004 farmer's call showed the table).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

MAKE, MARCH, EUCHRE, ALL_PASS = "make", "march", "euchre", "all_pass"
REDEAL, RENEGE = "redeal", "renege"  # a hand thrown in on request; a renege's penalty


class Bid(NamedTuple):
    seat: int
    round: int
    call: str  # "pass", "order_up" or "call:X"


class WentUnder(NamedTuple):
    seat: int
    given: tuple[str, ...] | None  # None in public records, unless shown
    received: tuple[str, ...] | None  # None in public records
    # seed 004's farmer's call (going_under_form "farmers_call"): the given nines and tens were
    # shown to the table, and stay in the public record
    shown: bool = False


class Exchange(NamedTuple):
    """Seed 003's farmer's hand or ace no face: three cards swapped with the kitty."""

    seat: int
    kind: str  # "farmers_hand" or "ace_no_face"
    given: tuple[str, ...] | None  # None in public records
    received: tuple[str, ...] | None


class Renege(NamedTuple):
    seat: int
    trick: int  # 0-based number of the trick in which it was found
    card: str
    penalty: str  # the rule option's value: all_tricks, two_points or forfeit


class Trick(NamedTuple):
    leader: int
    plays: tuple[tuple[int, str], ...]  # (seat, card) in play order
    winner: int


@dataclass(frozen=True, slots=True)
class HandRecord:
    number: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...] | None  # None in public records
    upcard: str
    kitty: tuple[str, ...] | None
    went_under: WentUnder | None
    bids: tuple[Bid, ...]
    trump: str | None  # a suit letter, "N" for no trump, None when everyone passed
    maker: int | None
    discard: str | None
    maker_alone: bool
    lone_defender: int | None
    tricks: tuple[Trick, ...]
    outcome: str  # make | march | euchre | all_pass
    maker_tricks: int | None
    scoring_team: int | None
    points: int
    score_after: tuple[int, ...]
    # the variants (defaults are the standard game's)
    seats: int = 4
    points_by_scorer: tuple[int, ...] = ()  # what each score gained (or lost: Robson reduce)
    taker: int | None = None  # who picked up the up card (partner_takes_upcard)
    exchange: Exchange | None = None
    redeal_by: int | None = None
    blind_alone: bool = False  # Robson: the dealer went alone without seeing the hand
    called_suit: str | None = None  # call-ace
    partner: int | None = None  # call-ace: the maker's secret partner (None: nobody)
    renege: Renege | None = None
    robson_choice: str | None = None  # "add" or "reduce"

    @property
    def maker_team(self) -> int | None:
        """The maker's team in the partnership game (seats 0 and 2 are team 0)."""
        return None if self.maker is None else self.maker % 2

    def public(self) -> HandRecord:
        went = self.went_under
        under = went and WentUnder(went.seat, went.given if went.shown else None, None, went.shown)
        exchange = self.exchange and Exchange(self.exchange.seat, self.exchange.kind, None, None)
        return replace(
            self, dealt=None, kitty=None, discard=None, went_under=under, exchange=exchange
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "dealt": self.dealt and [list(cards) for cards in self.dealt],
            "upcard": self.upcard,
            "kitty": self.kitty and list(self.kitty),
            "went_under": self.went_under
            and {
                "seat": self.went_under.seat,
                "given": self.went_under.given and list(self.went_under.given),
                "received": self.went_under.received and list(self.went_under.received),
                "shown": self.went_under.shown,
            },
            "bids": [{"seat": b.seat, "round": b.round, "call": b.call} for b in self.bids],
            "trump": self.trump,
            "maker": self.maker,
            "discard": self.discard,
            "maker_alone": self.maker_alone,
            "lone_defender": self.lone_defender,
            "tricks": [
                {
                    "leader": t.leader,
                    "plays": [{"seat": s, "card": c} for s, c in t.plays],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "outcome": self.outcome,
            "maker_tricks": self.maker_tricks,
            "scoring_team": self.scoring_team,
            "points": self.points,
            "score_after": list(self.score_after),
            "seats": self.seats,
            "points_by_scorer": list(self.points_by_scorer),
            "taker": self.taker,
            "exchange": self.exchange
            and {
                "seat": self.exchange.seat,
                "kind": self.exchange.kind,
                "given": self.exchange.given and list(self.exchange.given),
                "received": self.exchange.received and list(self.exchange.received),
            },
            "redeal_by": self.redeal_by,
            "blind_alone": self.blind_alone,
            "called_suit": self.called_suit,
            "partner": self.partner,
            "renege": self.renege and self.renege._asdict(),
            "robson_choice": self.robson_choice,
        }
