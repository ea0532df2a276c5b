"""A game review's decisions and choices in words: "Hand 3 · trick 2", "Order up", "10♥"."""

from __future__ import annotations

from games.engine.actions import action_argument, action_kind
from games.engine.cards import SUIT_NAMES
from games.records.cards import CardFace, Suit

PHASE_WORDS = {
    "bid1": "order up or pass",
    "bid2": "name trump or pass",
    "discard": "the discard",
    "alone": "alone or with your partner",
    "defend": "defend alone or not",
    "call_ace": "calling an ace",
    "blind": "alone blind or look",
    "dealer_names": "naming trump",
}
SIMPLE = {
    "pass": "Pass",
    "order_up": "Order up",
    "alone": "Go alone",
    "not_alone": "Play with your partner",
    "redeal": "Ask a redeal",
    "blind_alone": "Go alone blind",
    "see_hand": "Look at the hand",
}


def _cards(text: str) -> str:
    return " ".join(CardFace.of(code).label for code in text.split(","))


def action_words(action: str) -> str:
    kind, argument = action_kind(action), action_argument(action)
    if kind in SIMPLE:
        return SIMPLE[kind]
    if kind == "play":
        return CardFace.of(argument).label
    if kind == "discard":
        return f"Discard {CardFace.of(argument).label}"
    if kind == "call":
        if argument == "N":
            return "Call no trump"
        suit = Suit.of(argument)
        return f"Call {suit.symbol} {suit.name}"
    if kind == "ace":
        return f"Call the ace of {SUIT_NAMES[argument]}"
    if kind == "under":
        return f"Go under with {_cards(argument)}"
    if kind == "exchange":
        return f"Exchange {_cards(argument)}"
    return action


def moment_words(phase: str, hand_number: int, trick: int | None) -> str:
    if trick is not None:
        return f"Hand {hand_number} · trick {trick}"
    return f"Hand {hand_number} · {PHASE_WORDS.get(phase, phase)}"
