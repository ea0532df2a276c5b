"""Hands built from explicit deals, so that each rule test is about one rule."""

from __future__ import annotations

from games.engine import Deal, HandState, RuleOptions

# dealer is seat 3, so seat 0 bids and leads first. Trump hearts makes JH the right bower and
# JD (held by seat 3 with no heart) the left bower.
STANDARD_HANDS = (
    ("JH", "AH", "KS", "9C", "AD"),
    ("9H", "TH", "QS", "AS", "TC"),
    ("QH", "KH", "TD", "KD", "QC"),
    ("9S", "TS", "JS", "9D", "JD"),
)
STANDARD_UPCARD = "KC"
STANDARD_KITTY = ("QD", "JC", "AC")


def standard_hand(rules: RuleOptions | None = None, dealer: int = 3) -> HandState:
    deal = Deal(hands=STANDARD_HANDS, upcard=STANDARD_UPCARD, kitty=STANDARD_KITTY)
    return HandState(rules or RuleOptions(), dealer, deal)


def act(hand: HandState, *actions: str) -> HandState:
    for action in actions:
        hand.apply(action)
    return hand


def hearts_called_by_seat_0(rules: RuleOptions | None = None, alone: bool = False) -> HandState:
    """Everyone passes the up card (clubs); seat 0 names hearts in round two."""
    hand = act(standard_hand(rules), "pass", "pass", "pass", "pass", "call:H")
    return act(hand, "alone" if alone else "not_alone")
