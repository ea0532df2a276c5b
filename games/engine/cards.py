"""Cards, suits and their order under a trump.

A card is a two-character string, rank then suit: "9S", "TH", "JD", "QC", "KS", "AH".
Strings keep actions, logs and views JSON-friendly; the orders are precomputed tables so
that comparing cards costs a dict lookup.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("9", "T", "J", "Q", "K", "A")
NO_TRUMP = "N"  # a "suit" that can be named as trump when the no-trump option is on
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_INDEX: dict[str, int] = {card: index for index, card in enumerate(DECK)}

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", NO_TRUMP: "no trump"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
NINES_AND_TENS = frozenset(card for card in DECK if card[0] in "9T")


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def is_card(text: object) -> bool:
    return isinstance(text, str) and text in DECK_INDEX


def right_bower(trump: str) -> str | None:
    return None if trump == NO_TRUMP else "J" + trump


def left_bower(trump: str) -> str | None:
    return None if trump == NO_TRUMP else "J" + SAME_COLOUR[trump]


def _effective_suits(trump: str) -> dict[str, str]:
    """The left bower belongs to trump for every purpose, following suit included."""
    table = {card: card[1] for card in DECK}
    left = left_bower(trump)
    if left is not None:
        table[left] = trump
    return table


def _trump_order(trump: str) -> dict[str, int]:
    """Strength among trumps: right bower 7, left bower 6, A 5, K 4, Q 3, 10 2, 9 1."""
    if trump == NO_TRUMP:
        return {}
    order = {rank + trump: strength for strength, rank in enumerate("9TQKA", start=1)}
    order["J" + trump] = 7
    order["J" + SAME_COLOUR[trump]] = 6
    return order


_PLAIN_ORDER = {card: RANKS.index(card[0]) + 1 for card in DECK}  # A high, 9 low
EFFECTIVE_SUIT: dict[str, dict[str, str]] = {t: _effective_suits(t) for t in (*SUITS, NO_TRUMP)}
TRUMP_ORDER: dict[str, dict[str, int]] = {t: _trump_order(t) for t in (*SUITS, NO_TRUMP)}


def trick_strength(card: str, trump: str, led_suit: str) -> int:
    """Higher wins the trick: any trump beats the led suit, which beats anything else (0)."""
    trump_strength = TRUMP_ORDER[trump].get(card)
    if trump_strength is not None:
        return 100 + trump_strength
    if EFFECTIVE_SUIT[trump][card] == led_suit:
        return _PLAIN_ORDER[card]
    return 0


# TRICK_STRENGTH[trump][led suit][card]: trick_strength precomputed for the hot path
TRICK_STRENGTH: dict[str, dict[str, dict[str, int]]] = {
    trump: {led: {card: trick_strength(card, trump, led) for card in DECK} for led in (*SUITS,)}
    for trump in (*SUITS, NO_TRUMP)
}


def trick_winner_index(cards: list[str] | tuple[str, ...], trump: str) -> int:
    """Index in `cards` (in play order) of the card that takes the trick."""
    strength = TRICK_STRENGTH[trump][EFFECTIVE_SUIT[trump][cards[0]]]
    best_index, best = 0, -1
    for index, card in enumerate(cards):
        if strength[card] > best:
            best_index, best = index, strength[card]
    return best_index


def sort_hand(cards: list[str] | tuple[str, ...], trump: str | None = None) -> list[str]:
    """Display order: trumps first (strongest first), then suits in a fixed order, A high."""

    def key(card: str) -> tuple[int, int, int]:
        if trump is not None and card in TRUMP_ORDER[trump]:
            return (0, 0, -TRUMP_ORDER[trump][card])
        suit = card[1]
        return (1, SUITS.index(suit), -_PLAIN_ORDER[card])

    return sorted(cards, key=key)
