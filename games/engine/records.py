"""The history of a hand: every bid and every card, trick by trick.

Enough to draw a score sheet and a trick history (seed 003) and to detect the achievements of
seed 000 (dealt nines and tens, going under, bowers, lone hands, sweeps and euchres).
`HandRecord.public()` drops what no player saw: dealt hands, the kitty, the discard, cards swapped.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

MAKE, MARCH, EUCHRE, ALL_PASS = "make", "march", "euchre", "all_pass"


class Bid(NamedTuple):
    seat: int
    round: int
    call: str  # "pass", "order_up" or "call:X"


class WentUnder(NamedTuple):
    seat: int
    given: tuple[str, ...] | None  # None in public records
    received: tuple[str, ...] | None


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
    score_after: tuple[int, int]

    @property
    def maker_team(self) -> int | None:
        return None if self.maker is None else self.maker % 2

    def public(self) -> HandRecord:
        under = self.went_under and WentUnder(self.went_under.seat, None, None)
        return replace(self, dealt=None, kitty=None, discard=None, went_under=under)

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
        }
