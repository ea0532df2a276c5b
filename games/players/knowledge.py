"""What a seat can work out from its own view during the play: which cards it has not seen,
who is known to be void in a suit, who is still to play, and which cards are sure winners.

Everything here is derived from the `SeatView` alone, so a player built on it cannot cheat.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import SeatView
from games.engine.cards import DECK, EFFECTIVE_SUIT, TRICK_STRENGTH, TRUMP_ORDER


@dataclass(frozen=True, slots=True)
class PlayKnowledge:
    seat: int
    trump: str
    hand: tuple[str, ...]
    unseen: frozenset[str]  # cards that may still be in another hand (or in the kitty)
    best_unseen: dict[str, int]  # effective suit -> strength of its best unseen card, in suit
    unseen_trumps: int
    voids: frozenset[tuple[int, str]]  # (seat, effective suit) shown void by not following
    trick: tuple[tuple[int, str], ...]
    players: int  # seats taking part in this hand's play: 2, 3 or 4
    sitting_out: tuple[int, ...]
    partner: int | None  # None when my partner sits out

    @property
    def led_suit(self) -> str | None:
        return EFFECTIVE_SUIT[self.trump][self.trick[0][1]] if self.trick else None

    def suit(self, card: str) -> str:
        return EFFECTIVE_SUIT[self.trump][card]

    def is_trump(self, card: str) -> bool:
        return card in TRUMP_ORDER[self.trump]

    def is_boss(self, card: str) -> bool:
        """No unseen card of its suit ranks higher: it wins any trick led in its suit that
        nobody trumps."""
        suit = EFFECTIVE_SUIT[self.trump][card]
        return TRICK_STRENGTH[self.trump][suit][card] > self.best_unseen.get(suit, 0)

    def seats_after_me(self) -> list[int]:
        """Seats still to play to the current trick after me, in play order."""
        still_to_play = self.players - len(self.trick) - 1
        seats, seat = [], self.seat
        while len(seats) < still_to_play:
            seat = (seat + 1) % 4
            if seat not in self.sitting_out:
                seats.append(seat)
        return seats


def play_knowledge(view: SeatView) -> PlayKnowledge:
    assert view.seat is not None and view.trump is not None
    trump = view.trump
    effective = EFFECTIVE_SUIT[trump]
    seen = set(view.hand)
    voids: set[tuple[int, str]] = set()
    for trick in view.tricks:
        _note_trick(trick.plays, effective, seen, voids)
    _note_trick(view.trick, effective, seen, voids)
    # cards I put out of play myself: they cannot turn up in another hand
    if view.my_discard is not None:
        seen.add(view.my_discard)
    if view.my_under_given:
        seen.update(view.my_under_given)
    if not view.upcard_taken:
        seen.add(view.upcard)  # turned down: it lies in the kitty
    unseen = frozenset(card for card in DECK if card not in seen)
    best_unseen: dict[str, int] = {}
    for card in unseen:
        suit = effective[card]
        strength = TRICK_STRENGTH[trump][suit][card]
        if strength > best_unseen.get(suit, 0):
            best_unseen[suit] = strength
    partner = (view.seat + 2) % 4
    return PlayKnowledge(
        seat=view.seat,
        trump=trump,
        hand=view.hand,
        unseen=unseen,
        best_unseen=best_unseen,
        unseen_trumps=sum(card in TRUMP_ORDER[trump] for card in unseen),
        voids=frozenset(voids),
        trick=view.trick,
        players=4 - len(view.sitting_out),
        sitting_out=view.sitting_out,
        partner=None if partner in view.sitting_out else partner,
    )


def _note_trick(
    plays: tuple[tuple[int, str], ...],
    effective: dict[str, str],
    seen: set[str],
    voids: set[tuple[int, str]],
) -> None:
    if not plays:
        return
    led = effective[plays[0][1]]
    for seat, card in plays:
        seen.add(card)
        if effective[card] != led:
            voids.add((seat, led))
