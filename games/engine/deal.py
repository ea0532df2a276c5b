"""Shuffles derived from a game's seed: the same seed always deals the same cards."""

from __future__ import annotations

import random
from typing import NamedTuple

from .cards import DECK


class Deal(NamedTuple):
    hands: tuple[tuple[str, ...], ...]  # index = seat, five cards each
    upcard: str
    kitty: tuple[str, ...]  # the three cards nobody sees


def first_dealer(seed: int | str) -> int:
    # seed 001: "The initial dealer is chosen randomly"
    return random.Random(f"{seed}/dealer").randrange(4)


def deal_hand(seed: int | str, hand_number: int) -> Deal:
    """Hand n of the game with this seed. String seeding is stable across processes."""
    deck = list(DECK)
    random.Random(f"{seed}/hand/{hand_number}").shuffle(deck)
    hands = tuple(tuple(deck[5 * seat : 5 * seat + 5]) for seat in range(4))
    return Deal(hands=hands, upcard=deck[20], kitty=tuple(deck[21:24]))
