"""Cards as bits for the search: card i of `DECK` is bit 1 << i, a hand is an int.

A `TrumpTables` holds, for one trump, what the solver asks about a card in its inner loop:
its effective suit (the left bower is a trump), its strength in a trick led in each suit, and
each effective suit's cards from the highest down (to spot equivalent cards).
"""

from __future__ import annotations

from functools import cache

from games.engine.cards import DECK, DECK_INDEX, EFFECTIVE_SUIT, SUITS, TRICK_STRENGTH

BIT = {card: 1 << index for card, index in DECK_INDEX.items()}
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def to_mask(cards) -> int:  # type: ignore[no-untyped-def]
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def to_cards(mask: int) -> list[str]:
    return [card for index, card in enumerate(DECK) if mask >> index & 1]


class TrumpTables:
    __slots__ = ("trump", "suit", "suit_mask", "strength", "order", "above", "moves")

    def __init__(self, trump: str) -> None:
        self.trump = trump
        effective = EFFECTIVE_SUIT[trump]
        # suit[i]: effective suit index of card i
        self.suit = [SUIT_INDEX[effective[card]] for card in DECK]
        self.suit_mask = [0, 0, 0, 0]
        for index, suit in enumerate(self.suit):
            self.suit_mask[suit] |= 1 << index
        # strength[led][i]: how card i ranks in a trick led in suit `led` (0: cannot win)
        self.strength = [[TRICK_STRENGTH[trump][led][card] for card in DECK] for led in SUITS]
        # order[s]: card indexes of effective suit s, strongest first
        self.order = [
            sorted(
                (i for i in range(len(DECK)) if self.suit[i] == s),
                key=lambda i, s=s: -self.strength[s][i],
            )
            for s in range(4)
        ]
        # the solver's distinct moves by position, kept between searches (see solver.py)
        self.moves: dict[int, list[int]] = {}
        # above[i]: the bits of the cards of card i's suit that rank above it, nearest first
        self.above: list[tuple[int, ...]] = [()] * len(DECK)
        for cards in self.order:
            for position, card in enumerate(cards):
                self.above[card] = tuple(1 << higher for higher in reversed(cards[:position]))


@cache
def trump_tables(trump: str) -> TrumpTables:
    return TrumpTables(trump)
