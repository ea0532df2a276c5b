"""The rule-of-thumb point counts (`strength.py`) for any deck, as the search uses them: to weigh
the bids as evidence, to pick the bids worth searching and the cards worth discarding.

`strength.py` counts trumps by their strength in the 24-card deck (9 of trump 1 ... right
bower 7). Until it knows the sevens and eights of the larger decks (-1, 0) and the Benny (8),
those count here as the nine of trump and the right bower: near enough to rank bids.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.cards import BENNY_CARDS, TRUMP_ORDER

from ..strength import KEEP_POINTS, suit_strength, trump_points

# a card's printed rank, low to high, in every deck (the Benny above all)
PLAIN_RANK = {rank: index for index, rank in enumerate("789TJQKA")}


def plain_rank(card: str) -> int:
    return 9 if card in BENNY_CARDS else PLAIN_RANK[card[0]]


def _stand_in(card: str, trump: str) -> str:
    strength = TRUMP_ORDER[trump].get(card)
    if strength is None or 1 <= strength <= 7:
        return card
    return "J" + trump if strength > 7 else "9" + trump


def suit_points(cards: Iterable[str], trump: str) -> float:
    """`suit_strength` of the cards with `trump` as trump."""
    cards = tuple(cards)
    try:
        return suit_strength(cards, trump)
    except KeyError:
        return suit_strength([_stand_in(card, trump) for card in cards], trump)


def upcard_points(card: str, trump: str) -> float:
    try:
        return trump_points(card, trump)
    except KeyError:
        return trump_points(_stand_in(card, trump), trump)


def keep_points(card: str) -> float:
    """Generic worth of a card before trump is known (to choose three to give away)."""
    if card in BENNY_CARDS:
        return 4.0
    return KEEP_POINTS.get(card[0], 0.1)
