"""Explicit deals for the variants of seeds 001-004: any table size, deck and Benny.

A deal names the cards of some seats; the rest of each hand is filled up from the cards nobody
named, in deck order, and what is left is the unseen pile (the kitty). Every deal is checked to
hold each card of the rules' deck exactly once, so a typo cannot make a test about another deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Deal, HandState, RuleOptions, rules_deck
from games.engine.phases import BID1

from .explicit_deals import cards


def rules(**options: object) -> RuleOptions:
    return RuleOptions(**options)  # type: ignore[arg-type]


def deal_for(
    table: RuleOptions, *hands: str, upcard: str, kitty: str = "", fill: bool = True
) -> Deal:
    """A deal for `table`: `hands` per seat from seat 0 (missing seats are filled), the up card,
    the first cards of the unseen pile (`kitty`), then everything else unseen. With
    `fill=False` every hand must be given in full."""
    deck = rules_deck(table)
    given = [cards(hand) for hand in hands] + [()] * (table.seats - len(hands))
    named = [card for hand in given for card in hand] + [upcard, *cards(kitty)]
    assert len(named) == len(set(named)), f"a card is dealt twice: {named}"
    assert set(named) <= set(deck), f"not in this deck: {set(named) - set(deck)}"
    rest = [card for card in deck if card not in named]
    dealt = []
    for hand in given:
        missing = table.hand_size - len(hand)
        assert missing >= 0, f"too many cards in {hand}"
        assert fill or not missing, f"{hand} is not a full hand"
        dealt.append((*hand, *rest[:missing]))
        rest = rest[missing:]
    deal = Deal(hands=tuple(dealt), upcard=upcard, kitty=(*cards(kitty), *rest))
    every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
    assert sorted(every) == sorted(deck), "the deal is not the rules' deck"
    assert len(deal.hands) == table.seats
    return deal


def hand_for(table: RuleOptions, deal: Deal, dealer: int) -> HandState:
    return HandState(table, dealer, deal)


def name_trump(state, maker: int, suit: str) -> None:
    """Everybody passes round one; in round two everybody passes until `maker` names `suit`.
    `state` is a HandState or a GameState (whose hand is then `state.hand`)."""
    hand = getattr(state, "hand", state)
    while hand.phase == BID1:
        state.apply("pass")
    while state.to_act != maker:
        state.apply("pass")
    state.apply(f"call:{suit}")


def plan_deals(monkeypatch, deals: Sequence[Deal]) -> None:
    """Make games deal `deals[n]` as hand number n, instead of shuffling."""
    import games.engine.game as game_module

    def planned(seed: int | str, number: int, table: RuleOptions) -> Deal:
        assert number < len(deals), f"hand {number} was not planned"
        return deals[number]

    monkeypatch.setattr(game_module, "deal_hand", planned)
