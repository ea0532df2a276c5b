"""What a seat can work out from its own view during the play: which cards it has not seen,
who plays on its side this hand, who is known to be void in a suit, who is still to play, and
which cards are sure winners.

Everything here is derived from the `SeatView` (and the table's rule options) alone, so a
player built on it cannot cheat. Who plays on my side depends on the variant: the fixed partner
in the four-player game; nobody in the two-handed game; in the three-handed game the maker
plays alone and the two defenders play together (they score together for that hand); in
call-ace the maker's partner is known only once the called card shows (or to the holder of the
called ace), and until then every other seat counts as an opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import RuleOptions, SeatView
from games.engine.cards import (
    BENNY_CARDS,
    DECK,
    EFFECTIVE_SUIT,
    TRICK_STRENGTH,
    TRUMP_ORDER,
    deck_of,
)
from games.engine.deal import rules_deck


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
    seats: int  # seats at the table: 2, 3 or 4
    sitting_out: tuple[int, ...]
    partners: frozenset[int]  # seats known to play on my side this hand (not me)
    opponents: tuple[int, ...]  # every other seat taking part: known opponents or unknown
    we_make: bool  # I am the maker or known to be on the maker's side

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
        seats: list[int] = []
        seat = self.seat
        while len(seats) < still_to_play:
            seat = (seat + 1) % self.seats
            if seat not in self.sitting_out:
                seats.append(seat)
        return seats


def view_deck(view: SeatView, rules: RuleOptions | None = None) -> tuple[str, ...]:
    """The cards of this table's deck. Without the rule options (a caller that has only the
    view), the smallest deck holding every card this seat has seen: exact for the standard
    game, a guess for the larger decks until a seven or an eight shows."""
    if rules is not None:
        return rules_deck(rules)
    seen = {view.upcard, *view.hand, *(card for _, card in view.trick)}
    seen.update(card for trick in view.tricks for _, card in trick.plays)
    ranks = {card[0] for card in seen}
    size = 32 if "7" in ranks else 28 if "8" in ranks else 24
    benny = next((card for card in seen if card in BENNY_CARDS), None)
    if size == 24 and benny is None:
        return DECK
    return deck_of(size, benny)


def view_variant(view: SeatView, rules: RuleOptions | None = None) -> str:
    """The variant, from the rule options or, without them, from what the view shows: the
    number of seats, a called ace, or a maker alone with nobody sitting out (call-ace)."""
    if rules is not None:
        return rules.variant
    if view.seats == 2:
        return "two_handed"
    if view.seats == 3:
        return "three_handed"
    if view.called_suit is not None or (view.maker_alone and not view.sitting_out):
        return "call_ace"
    return "euchre"


def maker_side(view: SeatView, variant: str) -> frozenset[int] | None:
    """The seats playing for the maker, or None while a call-ace partner is not known to me."""
    maker = view.maker
    assert maker is not None
    if variant == "euchre":
        return frozenset((maker, (maker + 2) % 4)) - set(view.sitting_out)
    if variant == "call_ace" and not view.maker_alone:
        return None if view.partner is None else frozenset((maker, view.partner))
    return frozenset((maker,))


def sides(view: SeatView, variant: str) -> tuple[frozenset[int], tuple[int, ...], bool]:
    """(my known partners, every other seat in play, whether I am on the maker's side)."""
    seat = view.seat
    assert seat is not None
    in_play = [s for s in range(view.seats) if s != seat and s not in view.sitting_out]
    makers = maker_side(view, variant)
    if makers is None:  # call-ace, the partner not shown: everyone counts as an opponent
        partners: frozenset[int] = frozenset()
        we_make = seat == view.maker
    elif seat in makers:
        partners, we_make = makers - {seat}, True
    else:
        partners, we_make = frozenset(s for s in in_play if s not in makers), False
    opponents = tuple(s for s in in_play if s not in partners)
    return partners, opponents, we_make


def play_knowledge(view: SeatView, rules: RuleOptions | None = None) -> PlayKnowledge:
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
    if view.my_exchange_given:
        seen.update(view.my_exchange_given)
    if view.under_shown:  # seed 004: a farmer's call showed these going into the kitty
        seen.update(view.under_shown)
    if not view.upcard_taken:
        seen.add(view.upcard)  # turned down: it lies in the kitty
    unseen = frozenset(card for card in view_deck(view, rules) if card not in seen)
    best_unseen: dict[str, int] = {}
    for card in unseen:
        suit = effective[card]
        strength = TRICK_STRENGTH[trump][suit][card]
        if strength > best_unseen.get(suit, 0):
            best_unseen[suit] = strength
    partners, opponents, we_make = sides(view, view_variant(view, rules))
    return PlayKnowledge(
        seat=view.seat,
        trump=trump,
        hand=view.hand,
        unseen=unseen,
        best_unseen=best_unseen,
        unseen_trumps=sum(card in TRUMP_ORDER[trump] for card in unseen),
        voids=frozenset(voids),
        trick=view.trick,
        players=view.seats - len(view.sitting_out),
        seats=view.seats,
        sitting_out=view.sitting_out,
        partners=partners,
        opponents=opponents,
        we_make=we_make,
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
