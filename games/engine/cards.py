"""Cards, suits, decks and the order of cards under a trump.

A card is a two-character string, rank then suit: "9S", "TH", "JD", "QC", "KS", "AH", and in the
larger decks of seed 003 "8D", "7C". The Benny (seed 003's best bower) is the joker "XJ" or the
two of spades "2S". Strings keep actions, logs and views JSON-friendly; the orders are tables
computed once, so comparing cards costs a dict lookup.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("9", "T", "J", "Q", "K", "A")
LOW_RANKS: tuple[str, ...] = ("7", "8")  # the 28-card deck adds the eights, the 32 the sevens
NO_TRUMP = "N"  # a "suit" that can be named as trump when the no-trump option is on
JOKER = "XJ"  # seed 003: "Benny (Best Bower) ... Joker"
TWO_OF_SPADES = "2S"  # seed 003: "... two of spades"
BENNY_CARDS = frozenset((JOKER, TWO_OF_SPADES))

# the 24-card deck in its historic order: every seeded shuffle of a standard game depends on it
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_CARDS: tuple[str, ...] = (
    *DECK,
    *(f"8{suit}" for suit in SUITS),
    *(f"7{suit}" for suit in SUITS),
    TWO_OF_SPADES,
    JOKER,
)
# a card's index is stable across decks: the 24 standard cards keep 0..23 (search bitmasks)
DECK_INDEX: dict[str, int] = {card: index for index, card in enumerate(ALL_CARDS)}

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", NO_TRUMP: "no trump"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
NINES_AND_TENS = frozenset(card for card in DECK if card[0] in "9T")
FACE_RANKS = frozenset("JQK")


def deck_of(size: int = 24, benny: str | None = None) -> tuple[str, ...]:
    """The cards of a deck of 24, 28 or 32 cards, plus the Benny card when one is in play."""
    ranks = {24: "9TJQKA", 28: "89TJQKA", 32: "789TJQKA"}[size]
    cards = tuple(card for card in ALL_CARDS if card[0] in ranks and card not in BENNY_CARDS)
    return (*cards, benny) if benny else cards


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def is_card(text: object) -> bool:
    return isinstance(text, str) and text in DECK_INDEX


def is_benny(card: str) -> bool:
    return card in BENNY_CARDS


def right_bower(trump: str) -> str | None:
    return None if trump == NO_TRUMP else "J" + trump


def left_bower(trump: str) -> str | None:
    return None if trump == NO_TRUMP else "J" + SAME_COLOUR[trump]


def _effective_suits(trump: str) -> dict[str, str]:
    """The left bower and the Benny belong to trump for every purpose, following suit included.
    (The Benny is never in play with no trump: the rules refuse that combination.)"""
    table = {card: card[1] for card in ALL_CARDS}
    table[JOKER] = trump
    left = left_bower(trump)
    if left is not None:
        table[left] = trump
        table[TWO_OF_SPADES] = trump
    return table


def _trump_order(trump: str) -> dict[str, int]:
    """Strength among trumps: Benny 8, right bower 7, left bower 6, A 5, K 4, Q 3, 10 2, 9 1,
    and in the larger decks 8 0, 7 -1 (the 24-card numbers are the ones players' tables use)."""
    if trump == NO_TRUMP:
        return {}
    order = {rank + trump: strength for strength, rank in enumerate("789TQKA", start=-1)}
    order["J" + trump] = 7
    order["J" + SAME_COLOUR[trump]] = 6
    order[JOKER] = order[TWO_OF_SPADES] = 8
    return order


_PLAIN_ORDER = {card: "789TJQKA".index(card[0]) + 1 for card in ALL_CARDS if card[0] in "789TJQKA"}
EFFECTIVE_SUIT: dict[str, dict[str, str]] = {t: _effective_suits(t) for t in (*SUITS, NO_TRUMP)}
TRUMP_ORDER: dict[str, dict[str, int]] = {t: _trump_order(t) for t in (*SUITS, NO_TRUMP)}


def trick_strength(card: str, trump: str, led_suit: str) -> int:
    """Higher wins the trick: any trump beats the led suit, which beats anything else (0)."""
    trump_strength = TRUMP_ORDER[trump].get(card)
    if trump_strength is not None:
        return 100 + trump_strength
    if EFFECTIVE_SUIT[trump][card] == led_suit:
        return _PLAIN_ORDER.get(card, 0)
    return 0


# TRICK_STRENGTH[trump][led suit][card]: trick_strength precomputed for the hot path
TRICK_STRENGTH: dict[str, dict[str, dict[str, int]]] = {
    trump: {led: {card: trick_strength(card, trump, led) for card in ALL_CARDS} for led in SUITS}
    for trump in (*SUITS, NO_TRUMP)
}


# LEAD_STRENGTH[trump][card led]: TRICK_STRENGTH's table for the suit that card leads (never
# the Benny with no trump: the rules refuse that combination)
LEAD_STRENGTH: dict[str, dict[str, dict[str, int]]] = {
    trump: {
        card: TRICK_STRENGTH[trump][EFFECTIVE_SUIT[trump][card]]
        for card in ALL_CARDS
        if EFFECTIVE_SUIT[trump][card] in SUITS
    }
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


def suit_rank_order(suit: str, trump: str | None, printed: bool = False) -> dict[str, int]:
    """How the cards of `suit` rank against each other, for the call-ace partner (seed 003:
    "the player with the highest-ranking card"): as they rank in play (the left bower and the
    Benny are trumps), or by the printed suit and A K Q J 10 9 8 7 when `printed`."""
    if printed or trump is None:
        order = {
            card: _PLAIN_ORDER[card] for card in ALL_CARDS if card[1] == suit and card[0] != "2"
        }
        if suit == "S":
            order[TWO_OF_SPADES] = 0  # printed a spade: the two is its lowest card
        return order
    effective = EFFECTIVE_SUIT[trump]
    return {
        card: TRICK_STRENGTH[trump][suit][card] for card in ALL_CARDS if effective[card] == suit
    }


def sort_hand(cards: list[str] | tuple[str, ...], trump: str | None = None) -> list[str]:
    """Display order: trumps first (strongest first), then suits in a fixed order, A high."""

    def key(card: str) -> tuple[int, int, int]:
        if trump is not None and card in TRUMP_ORDER[trump]:
            return (0, 0, -TRUMP_ORDER[trump][card])
        if card in BENNY_CARDS:
            return (0, 0, -11)
        return (1, SUITS.index(card[1]), -_PLAIN_ORDER[card])

    return sorted(cards, key=key)
