"""Actions are short strings, so that a game's log is a list of plain JSON values.

pass                 pass in either bidding round
order_up             round 1: the dealer picks up the up card, its suit is trump
call:H               round 2: name a suit (call:N names no trump when that option is on)
under:9S,TS,9H       go under: give these three cards for the three unseen kitty cards
discard:9S           the dealer, after picking up, lays a card away
alone / not_alone    the maker (then each defender, with defend_alone) decides to play alone
play:JS              play a card to the trick

and for the variants of seeds 001-004:
exchange:9S,TS,9H    seed 003's farmer's hand or ace no face: swap three cards with the kitty
redeal               seed 003: a farmer's hand, ace no face or no ace/face/trump asks a redeal
blind_alone          Robson, a jack turned up: the dealer goes alone without seeing the hand
see_hand             ... or declines, looks at the hand, and the bidding starts
ace:H                call-ace: the maker calls the ace of hearts as a secret partner
robson:add           Robson, after a sweep: add the points to your own score
robson:reduce        ... or take them off the opponents' score
"""

from __future__ import annotations

from itertools import combinations

from .cards import ALL_CARDS, DECK_INDEX, EFFECTIVE_SUIT, NO_TRUMP, SUITS

PASS = "pass"
ORDER_UP = "order_up"
ALONE = "alone"
NOT_ALONE = "not_alone"
REDEAL = "redeal"
BLIND_ALONE = "blind_alone"
SEE_HAND = "see_hand"
ROBSON_ADD = "robson:add"
ROBSON_REDUCE = "robson:reduce"

CALL = {suit: f"call:{suit}" for suit in (*SUITS, NO_TRUMP)}
PLAY = {card: f"play:{card}" for card in ALL_CARDS}
DISCARD = {card: f"discard:{card}" for card in ALL_CARDS}
CALL_ACE = {suit: f"ace:{suit}" for suit in SUITS}
PLAYED_CARD = {action: card for card, action in PLAY.items()}


def _following(trump: str) -> dict[str, dict[str, str]]:
    """For each card led, the cards that follow it (its effective suit) and their plays."""
    effective = EFFECTIVE_SUIT[trump]
    by_suit: dict[str, dict[str, str]] = {}
    for card in ALL_CARDS:
        by_suit.setdefault(effective[card], {})[card] = PLAY[card]
    return {led: by_suit[effective[led]] for led in ALL_CARDS}


# FOLLOWING[trump][card led]: {card that follows suit: its play}, the play's legal actions
FOLLOWING = {trump: _following(trump) for trump in (*SUITS, NO_TRUMP)}


def go_under_action(cards: list[str] | tuple[str, ...]) -> str:
    """The canonical spelling of going under with these three cards (deck order)."""
    return "under:" + ",".join(sorted(cards, key=DECK_INDEX.__getitem__))


def go_under_actions(hand: list[str]) -> list[str]:
    return [go_under_action(chosen) for chosen in combinations(hand, 3)]


def exchange_action(cards: list[str] | tuple[str, ...]) -> str:
    """The canonical spelling of seed 003's exchange of these three cards (deck order)."""
    return "exchange:" + ",".join(sorted(cards, key=DECK_INDEX.__getitem__))


def exchange_actions(hand: list[str]) -> list[str]:
    return [exchange_action(chosen) for chosen in combinations(hand, 3)]


def action_kind(action: str) -> str:
    """'pass', 'order_up', 'call', 'under', 'discard', 'alone', 'not_alone', 'play', 'exchange',
    'redeal', 'blind_alone', 'see_hand', 'ace' or 'robson'."""
    return action.split(":", 1)[0]


def action_argument(action: str) -> str:
    return action.split(":", 1)[1] if ":" in action else ""
