"""Call-ace: who the maker's partner is in a sampled deal, and what the view says about it.

seed 003: "The player holding the ace of the chosen suit becomes the partner of the maker. If
no one has the ace, the player with the highest-ranking card (e.g., K, Q, ...) of the suit
becomes the partner." The search never peeks: in each sampled deal the partner is named by the
engine's own rule (`HandState._called_partner`) from the hands as they were when the ace was
called (the hands now and the cards played since), and a deal is kept only if that agrees with
the view: before the partner shows, its card is still in its hand; once shown, it is that seat,
and nobody else held a card of the suit that would have made them partner instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import HandState, RuleOptions, SeatView
from games.engine.cards import suit_rank_order


class _CallTime:
    """What the engine's rule reads of a hand when the ace is called."""

    __slots__ = ("rules", "seats", "maker", "hands", "trump")

    def __init__(
        self, rules: RuleOptions, maker: int, hands: list[list[str]], trump: str | None
    ) -> None:
        self.rules, self.seats, self.maker = rules, len(hands), maker
        self.hands, self.trump = hands, trump


def call_time_hands(
    hands: Sequence[Sequence[str]], played: Sequence[Sequence[str]]
) -> list[list[str]]:
    return [[*cards, *played[seat]] for seat, cards in enumerate(hands)]


def engine_partner(
    rules: RuleOptions, maker: int, trump: str | None, suit: str, hands: list[list[str]]
) -> tuple[int | None, str | None]:
    """(partner, the card that makes them partner) by the engine's rule, or (None, None)."""
    return HandState._called_partner(_CallTime(rules, maker, hands, trump), suit)  # type: ignore[arg-type]


def called_partner(
    view: SeatView,
    rules: RuleOptions,
    played: Sequence[Sequence[str]],
    hands: Sequence[Sequence[str]],
    strict: bool = True,
) -> int | bool | None:
    """The partner in this deal (None: nobody else held the suit), or False when the deal
    contradicts the view (`strict`)."""
    suit, maker = view.called_suit, view.maker
    assert suit is not None and maker is not None
    partner, card = engine_partner(rules, maker, view.trump, suit, call_time_hands(hands, played))
    if not strict:
        return partner
    if view.partner is not None:
        return partner if partner == view.partner else False
    if partner is not None and card in played[partner]:
        return False  # its card was played, so everyone would know the partner by now
    return partner


def shown_partner_card(
    view: SeatView, rules: RuleOptions, played: Sequence[Sequence[str]]
) -> str | None:
    """The card that made the known partner partner: the called ace if it held it, else its
    highest card of the suit, which it has played (that is how it showed), or I hold."""
    suit, partner = view.called_suit, view.partner
    assert suit is not None and partner is not None
    held = [*played[partner], *(view.hand if partner == view.seat else ())]
    ace = "A" + suit
    if ace in held:
        return ace
    order = suit_rank_order(suit, view.trump, rules.call_ace_printed_suit)
    ranked = [card for card in held if card in order]
    return max(ranked, key=order.__getitem__) if ranked else None


def partner_constraints(
    view: SeatView, rules: RuleOptions, played: Sequence[Sequence[str]]
) -> dict[int, set[str]]:
    """Cards a seat cannot hold now, by what the call-ace view shows: the maker holds no called
    ace (it may not call one it holds); once the partner is known by a card other than the
    ace, no other seat but the maker held the ace or a card of the suit above that card."""
    suit, maker = view.called_suit, view.maker
    if suit is None or maker is None:
        return {}
    ace = "A" + suit
    forbidden: dict[int, set[str]] = {maker: {ace}}
    if view.partner is None:
        return forbidden
    card = shown_partner_card(view, rules, played)
    if card is None or card == ace:
        return forbidden
    order = suit_rank_order(suit, view.trump, rules.call_ace_printed_suit)
    above = {ace, *(other for other, rank in order.items() if rank > order[card])}
    for seat in range(view.seats):
        if seat != maker:
            forbidden[seat] = set(above)
    return forbidden
