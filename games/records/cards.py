"""Cards and suits as the record page writes them: "10♥", "Ten of hearts", the joker."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.cards import JOKER, SUIT_NAMES

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {
    "2": "2",
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
}
RANK_NAMES = {
    "2": "Two",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}


@dataclass(frozen=True)
class CardFace:
    code: str  # "TH"
    label: str  # "10♥"
    name: str  # "Ten of hearts"
    red: bool

    @classmethod
    def of(cls, code: str) -> CardFace:
        if code == JOKER:  # seed 003's Benny, when it is the joker
            return cls(code=code, label="Joker", name="Joker", red=False)
        rank, suit = code[0], code[1]
        return cls(
            code=code,
            label=RANK_LABELS[rank] + SUIT_SYMBOLS[suit],
            name=f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}",
            red=suit in "HD",
        )


@dataclass(frozen=True)
class Suit:
    letter: str | None  # "H"; "N" for no trump; None for none
    symbol: str  # "♥"; empty for no trump and none
    name: str  # "hearts", "no trump", "—"

    @classmethod
    def of(cls, letter: str | None) -> Suit:
        return cls(
            letter=letter,
            symbol=SUIT_SYMBOLS.get(letter or "", ""),
            name=SUIT_NAMES[letter] if letter else "—",
        )
