"""Hands that may swap cards with the kitty or ask for a redeal, as the seeds define them.

seed 000 going under: three or more nines or tens dealt, swap any three; seed 004's farmer's
call (the `farmers_call` form): swap three of those nines and tens, shown to the table.
seed 003 farmer's hand: no face card, no ace, no Benny: exchange three cards or ask a redeal.
seed 003 ace no face: one ace, the other cards no face card: exchange or redeal. The Benny is no
face card, and seed 003 names it for the farmer's hand only: an ace and the Benny qualify.
seed 003 no ace, no face, no trump: ask a redeal. "Trump" is the suit the up card proposes.
"""

from __future__ import annotations

from .cards import BENNY_CARDS, EFFECTIVE_SUIT, FACE_RANKS, NINES_AND_TENS


def can_go_under(dealt: tuple[str, ...] | list[str]) -> bool:
    """Seed 000: a hand dealt with three or more nines or tens."""
    return sum(card in NINES_AND_TENS for card in dealt) >= 3


def farmers_call_cards(hand: list[str]) -> list[str]:
    """Seed 004: the nines and tens of the hand, the only cards a farmer's call may give."""
    return [card for card in hand if card in NINES_AND_TENS]


def is_farmers_hand(dealt: tuple[str, ...] | list[str]) -> bool:
    return not any(card[0] in FACE_RANKS or card[0] == "A" or card in BENNY_CARDS for card in dealt)


def is_ace_no_face(dealt: tuple[str, ...] | list[str]) -> bool:
    """Seed 003: "one ace and four cards without face cards". The Benny is not a face card (and
    the seed excludes it from the farmer's hand beside it, not from this one)."""
    aces = sum(card[0] == "A" for card in dealt)
    return aces == 1 and not any(card[0] in FACE_RANKS for card in dealt)


def is_no_ace_no_face_no_trump(dealt: tuple[str, ...] | list[str], proposed: str | None) -> bool:
    """No ace, no face card, no Benny and no card of the proposed trump (None: not yet known,
    as when an upturned Benny leaves trump to be named)."""
    if not is_farmers_hand(dealt):
        return False
    if proposed is None:
        return True
    effective = EFFECTIVE_SUIT[proposed]
    return not any(effective[card] == proposed for card in dealt)


def exchange_kind(dealt: tuple[str, ...], farmers_hand: bool, ace_no_face: bool) -> str | None:
    if farmers_hand and is_farmers_hand(dealt):
        return "farmers_hand"
    if ace_no_face and is_ace_no_face(dealt):
        return "ace_no_face"
    return None
