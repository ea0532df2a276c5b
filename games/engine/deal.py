"""Shuffles derived from a game's seed: the same seed always deals the same cards.

The standard game (24 cards, four hands of five) shuffles the historic `DECK` exactly as it
always has, so every recorded game deals the same hands as when it was played.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .cards import DECK, deck_of
from .rules import RuleOptions

BLACK_JACKS = frozenset(("JS", "JC"))
STANDARD = RuleOptions()


class Deal(NamedTuple):
    hands: tuple[tuple[str, ...], ...]  # index = seat
    upcard: str
    kitty: tuple[str, ...]  # the cards nobody sees (three in the standard game)


class DealerDraw(NamedTuple):
    """Seed 004: cards dealt face up around the table until a black jack turns up."""

    cards: tuple[tuple[int, str], ...]  # (seat, card) in the order they were turned
    dealer: int


def rules_deck(rules: RuleOptions) -> tuple[str, ...]:
    if rules.deck == 24 and rules.benny == "none":
        return DECK
    return deck_of(rules.deck, rules.benny_card)


def first_dealer(seed: int | str, rules: RuleOptions = STANDARD) -> int:
    if rules.first_dealer == "black_jack":
        return dealer_draw(seed, rules).dealer
    # seed 001: "The initial dealer is chosen randomly"
    return random.Random(f"{seed}/dealer").randrange(rules.seats)


def dealer_draw(seed: int | str, rules: RuleOptions) -> DealerDraw:
    """Deal face up from a seeded deck, starting with a seeded seat, until a black jack."""
    rng = random.Random(f"{seed}/first-dealer")
    deck = list(rules_deck(rules))
    rng.shuffle(deck)
    seat, turned = rng.randrange(rules.seats), []
    for card in deck:
        turned.append((seat, card))
        if card in BLACK_JACKS:
            return DealerDraw(tuple(turned), seat)
        seat = (seat + 1) % rules.seats
    raise AssertionError("every deck holds both black jacks")


def deal_hand(seed: int | str, hand_number: int, rules: RuleOptions = STANDARD) -> Deal:
    """Hand n of the game with this seed. String seeding is stable across processes."""
    deck = list(rules_deck(rules))
    random.Random(f"{seed}/hand/{hand_number}").shuffle(deck)
    size, seats = rules.hand_size, rules.seats
    hands = tuple(tuple(deck[size * seat : size * seat + size]) for seat in range(seats))
    dealt = size * seats
    return Deal(hands=hands, upcard=deck[dealt], kitty=tuple(deck[dealt + 1 :]))
