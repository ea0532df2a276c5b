"""Cards as bits for the search: card `c` is bit `1 << DECK_INDEX[c]`, a hand is an int.

`DECK_INDEX` numbers every card of every deck (`ALL_CARDS`: the 24 standard cards keep 0..23,
then the eights, the sevens, the two of spades and the joker), so a mask means the same in
every variant. A `TrumpTables` holds, for one trump and one game's deck, what the solver asks
about a card in its inner loop: its effective suit (the left bower and the Benny are trumps),
its strength in a trick led in each suit, and each effective suit's cards of that deck from
the highest down (to spot equivalent cards: touching cards of one suit, once those between are
gone; a card that is not in the deck never separates two others).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from games.engine import RuleOptions, rules_deck
from games.engine.cards import ALL_CARDS, DECK_INDEX, EFFECTIVE_SUIT, SUITS, TRICK_STRENGTH

BIT = {card: 1 << index for card, index in DECK_INDEX.items()}
SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def to_mask(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def to_cards(mask: int) -> list[str]:
    return [card for index, card in enumerate(ALL_CARDS) if mask >> index & 1]


class TrumpTables:
    __slots__ = (
        "trump",
        "deck",
        "width",
        "suit",
        "suit_mask",
        "strength",
        "order",
        "above",
        "moves",
    )

    def __init__(self, trump: str, deck: tuple[str, ...]) -> None:
        self.trump = trump
        self.deck = deck
        # bits a mask of this deck's cards may use: 24 in the standard game (smaller keys)
        self.width = max(DECK_INDEX[card] for card in deck) + 1
        effective = EFFECTIVE_SUIT[trump]
        in_deck = [index for index, card in enumerate(ALL_CARDS) if card in deck]
        # suit[i]: effective suit index of card i (a card outside the deck: any, never asked)
        self.suit = [SUIT_INDEX.get(effective[card], 0) for card in ALL_CARDS]
        self.suit_mask = [0, 0, 0, 0]
        for index in in_deck:
            self.suit_mask[self.suit[index]] |= 1 << index
        # strength[led][i]: how card i ranks in a trick led in suit `led` (0: cannot win)
        self.strength = [[TRICK_STRENGTH[trump][led][card] for card in ALL_CARDS] for led in SUITS]
        # order[s]: this deck's card indexes of effective suit s, strongest first
        self.order = [
            sorted(
                (i for i in in_deck if self.suit[i] == s),
                key=lambda i: -self.strength[s][i],  # used at once: `s` is this suit
            )
            for s in range(4)
        ]
        # the solver's distinct moves by position, kept between searches (see solver.py)
        self.moves: dict[int, list[int]] = {}
        # above[i]: the bits of the cards of card i's suit that rank above it, nearest first
        self.above: list[tuple[int, ...]] = [()] * len(ALL_CARDS)
        for cards in self.order:
            for position, card in enumerate(cards):
                self.above[card] = tuple(1 << higher for higher in reversed(cards[:position]))


@cache
def trump_tables(trump: str, deck: tuple[str, ...]) -> TrumpTables:
    return TrumpTables(trump, deck)


def tables_for(trump: str, rules: RuleOptions) -> TrumpTables:
    """The tables of this trump for the deck the rules deal."""
    return trump_tables(trump, rules_deck(rules))
