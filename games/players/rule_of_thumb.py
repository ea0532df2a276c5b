"""The rule-of-thumb player: how a fair club player bids and plays, written down as rules.

It is the baseline a stronger player will be measured against. It bids by a point count
(`strength.py`), goes under (seed 000) when it may and its hand is too weak to bid, discards to
short-suit itself, goes alone with a near lay-down hand, and plays by the usual maxims
(`rule_of_thumb_play.py`). It plays every variant of seeds 001-004: two- and three-handed,
seven-card hands, call-ace, the larger decks, the Benny, exchanges and redeals, Robson, the
Canadian loner, the partner taking the up card (`rule_of_thumb_variants.py` has the phases of
the variants), and with a renege rule on it chooses only from `honest_actions`: a computer
never reneges.

It sees only its seat's view, keeps no state, and is deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.engine import RuleOptions, SeatView
from games.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    PLAY,
    go_under_action,
)
from games.engine.cards import BENNY_CARDS, NO_TRUMP, SUITS
from games.engine.deal import rules_deck
from games.engine.phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    BLIND_PHASE,
    CALL_ACE_PHASE,
    DEALER_NAMES_PHASE,
    DEFEND_PHASE,
    DISCARD_PHASE,
    NAME_BLIND_PHASE,
    PLAY_PHASE,
    ROBSON_PHASE,
)

from .rule_of_thumb_play import choose_card, follow_card, honest_choices, lead_card
from .rule_of_thumb_variants import (
    choose_ace_call,
    choose_blind,
    choose_robson,
    kitty_choice,
    least_useful,
    name_trump,
    out_of_play,
)
from .strength import (
    card_to_discard,
    near_lay_down,
    no_trump_tricks,
    pickup_strength,
    suit_strength,
    top_trump_run,
    trump_points,
)

STANDARD = RuleOptions()


@dataclass(frozen=True, slots=True)
class BiddingStyle:
    """The thresholds that turn point counts (`strength.py`) into bids.

    The defaults bid three trumps with a bower, or both bowers and an ace. They were tuned by
    pitting styles against each other over 2,000 seeded games: a team bidding from 6.5 points
    won only 37% of its games against one bidding from 5.5. Other variants shift them
    (`bid_threshold`).
    """

    order_up_points: float = 5.5
    call_points: float = 5.5
    # Ordering the up card into my partner's hand gives our side that trump; into an
    # opponent's hand, it gives them a trump and a void from the discard.
    partner_pickup_share: float = 0.5
    opponent_pickup_share: float = 0.5
    opponent_pickup_penalty: float = 0.3
    # seed 003's partner-takes-upcard: ordering up gives the card (and a discard) to my partner
    # and none to the dealer. Tuned in the arena (issue 19).
    partner_takes_share: float = 2.0
    # no trump is named with about four sure tricks (aces and the cards running down from them)
    no_trump_tricks: float = 4.0
    go_under: bool = True  # when the option is on and the hand is too weak to bid


DEFAULT_STYLE = BiddingStyle()

# Added to a style's thresholds, per (variant, hand size): a maker without a partner needs more
# in the three-handed game; two-handed (one opponent) and call-ace (a partner is always called)
# bid more freely. Tuned in the arena: one rule-of-thumb player with shifted thresholds at a
# table of others, 3,000 duplicate deals per shift, points per hand (issue 19).
VARIANT_SHIFT = {
    ("euchre", 5): 0.0,
    ("two_handed", 5): -1.25,
    ("three_handed", 5): 1.0,
    ("three_handed", 7): 0.0,
    ("call_ace", 5): -1.5,
}
# ... and per deck: with 28 or 32 cards fewer trumps are dealt, so a count goes further
DECK_SHIFT = {24: 0.0, 28: -0.75, 32: -1.0}


def bid_threshold(points: float, rules: RuleOptions) -> float:
    """A style's threshold, for hands of `rules.hand_size` cards in `rules.variant` (seven
    cards count about 7/5 of five cards' points)."""
    shift = VARIANT_SHIFT[rules.variant, rules.hand_size] + DECK_SHIFT[rules.deck]
    return points * rules.hand_size / 5 + shift


class RuleOfThumbPlayer:
    name = "rule_of_thumb"

    def __init__(self, rng: random.Random | None = None, style: BiddingStyle = DEFAULT_STYLE):
        # deterministic: the generator is accepted to fit PlayerFactory, and not needed
        self.rng = rng
        self.style = style

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        return choose_action(view, rules, self.style)


def choose_action(view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE) -> str:
    """The rule-of-thumb choice for the seat of `view`, which must be the seat to act: one of
    `view.honest_actions`."""
    actions = honest_choices(view)
    if len(actions) == 1:
        return actions[0]  # a forced card: nothing to think about
    phase = view.phase
    if phase == PLAY_PHASE:
        return PLAY[choose_card(view, rules)]
    if phase in (BID1, BID2):
        return choose_bid(view, rules, style)
    if phase == DISCARD_PHASE:
        allowed = [action[8:] for action in actions]
        assert view.trump is not None
        return DISCARD[card_to_discard(view.hand, view.trump, allowed)]
    if phase == ALONE_PHASE:
        return ALONE if should_go_alone(view, rules) else NOT_ALONE
    if phase == DEFEND_PHASE:
        return ALONE if should_defend_alone(view, rules) else NOT_ALONE
    if phase == CALL_ACE_PHASE:
        return choose_ace_call(view, rules)
    if phase in (NAME_BLIND_PHASE, DEALER_NAMES_PHASE):
        return name_trump(view, rules)
    if phase == BLIND_PHASE:
        return choose_blind(view)
    if phase == ROBSON_PHASE:
        return choose_robson(view)
    raise ValueError(f"nothing to choose in phase {phase!r}")


# ---- bidding ------------------------------------------------------------------------------


def choose_bid(view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE) -> str:
    legal = honest_choices(view)
    # a hand too weak to bid asks for a redeal, exchanges with the kitty, or goes under
    fallback = kitty_choice(view) or (_going_under(view) if style.go_under else None)
    if _must_go_alone(view, rules):
        return _bid_alone(view, rules, legal) or fallback or _pass_or_name(view, rules, legal)
    if view.phase == BID1:
        if order_up_strength(view, rules, style) >= bid_threshold(style.order_up_points, rules):
            return ORDER_UP
        return fallback or PASS
    suit, points = best_suit_to_call(view, rules, style)
    if points >= bid_threshold(style.call_points, rules):
        return CALL[suit]
    no_trump = CALL[NO_TRUMP] in legal and no_trump_tricks(view.hand) >= style.no_trump_tricks
    if no_trump:
        return CALL[NO_TRUMP]
    if fallback:
        return fallback
    if PASS in legal:
        return PASS
    return CALL[suit]  # stick the dealer: the dealer must name a suit, so name the best one


def _pass_or_name(view: SeatView, rules: RuleOptions, legal: tuple[str, ...]) -> str:
    if PASS in legal:
        return PASS
    return CALL[best_suit_to_call(view, rules)[0]]


def _must_go_alone(view: SeatView, rules: RuleOptions) -> bool:
    """The Canadian loner (seed 001): the dealer's partner who makes trump plays alone."""
    return rules.dealers_partner_alone and view.seat == (view.dealer + 2) % 4


def _bid_alone(view: SeatView, rules: RuleOptions, legal: tuple[str, ...]) -> str | None:
    """The bid of a hand that must play alone if it makes trump: only a near lay-down hand
    (my partner takes the up card and sits out, so it does not help)."""
    deck, gone = rules_deck(rules), out_of_play(view)
    if view.phase == BID1:
        suit = view.upcard_suit
        if suit is not None and near_lay_down(view.hand, suit, gone, deck):
            return ORDER_UP
        return None
    suits = [suit for suit in SUITS if CALL[suit] in legal]
    for suit in sorted(suits, key=lambda suit: -suit_strength(view.hand, suit)):
        if near_lay_down(view.hand, suit, gone, deck):
            return CALL[suit]
    return None


def _upcard_taker(view: SeatView, rules: RuleOptions) -> int:
    """Who picks up the up card if I make its suit trump: the dealer, or with seed 003's
    partner-takes-upcard my partner when I am not the dealer."""
    if rules.partner_takes_upcard and view.seat != view.dealer:
        assert view.seat is not None
        return (view.seat + 2) % 4
    return view.dealer


def _pickup_adjusted(
    view: SeatView, rules: RuleOptions, style: BiddingStyle, trump: str, taker: int
) -> float:
    """My count for `trump` when `taker` picks up the up card: the best of my cards and the up
    card when I take it; a share of it when my partner does; less when an opponent does."""
    if view.seat == taker:
        return pickup_strength(view.hand, view.upcard, trump, rules.dealer_may_discard_upcard)
    points = suit_strength(view.hand, trump)
    upcard_points = trump_points(view.upcard, trump)
    assert view.seat is not None
    if rules.partnerships and taker == (view.seat + 2) % 4:
        if taker != view.dealer:  # partner takes upcard (seed 003)
            return points + style.partner_takes_share * upcard_points
        return points + style.partner_pickup_share * upcard_points
    return points - style.opponent_pickup_share * upcard_points - style.opponent_pickup_penalty


def order_up_strength(
    view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE
) -> float:
    """The point count of the up card's suit (or the suit an upturned Benny's dealer named) as
    trump, for the seat of `view`."""
    trump = view.upcard_suit or view.upcard[1]
    return _pickup_adjusted(view, rules, style, trump, _upcard_taker(view, rules))


def best_suit_to_call(
    view: SeatView, rules: RuleOptions = STANDARD, style: BiddingStyle = DEFAULT_STYLE
) -> tuple[str, float]:
    """The strongest suit that may be named in the second round, and its point count. When an
    upturned Benny is still to be picked up by the dealer (its "name" rule), the count allows
    for who gets it."""
    callable_suits = [suit for suit in SUITS if CALL[suit] in honest_choices(view)]
    # the "name" rule: no suit was proposed, and whoever names trump gives the dealer the Benny
    benny_waits = view.upcard in BENNY_CARDS and view.upcard_suit is None and not view.upcard_taken

    def count(suit: str) -> float:
        if benny_waits:
            return _pickup_adjusted(view, rules, style, suit, view.dealer)
        return suit_strength(view.hand, suit)

    scored = [(count(suit), -SUITS.index(suit), suit) for suit in callable_suits]
    points, _, suit = max(scored)
    return suit, points


def _going_under(view: SeatView) -> str | None:
    """The going-under action giving my three least useful cards that may go (seed 004's
    farmer's call: nines and tens only), if going under is legal."""
    offered = [action for action in honest_choices(view) if action.startswith("under:")]
    if not offered:
        return None
    givable = {card for action in offered for card in action[6:].split(",")}
    ordered = least_useful(view, len(view.hand))
    return go_under_action([card for card in ordered if card in givable][:3])


# ---- going alone --------------------------------------------------------------------------


def should_go_alone(view: SeatView, rules: RuleOptions = STANDARD) -> bool:
    """Near a lay-down hand (`strength.near_lay_down`)."""
    assert view.trump is not None
    return near_lay_down(view.hand, view.trump, out_of_play(view), rules_deck(rules))


def should_defend_alone(view: SeatView, rules: RuleOptions = STANDARD) -> bool:
    """Only with the three highest trumps: three sure tricks, a sure euchre worth four."""
    trump = view.trump
    assert trump is not None
    if trump == NO_TRUMP:
        return False
    return top_trump_run(view.hand, trump, out_of_play(view), rules_deck(rules)) >= 3


__all__ = [
    "DEFAULT_STYLE",
    "BiddingStyle",
    "RuleOfThumbPlayer",
    "best_suit_to_call",
    "bid_threshold",
    "card_to_discard",
    "choose_action",
    "choose_bid",
    "choose_card",
    "follow_card",
    "lead_card",
    "order_up_strength",
    "should_defend_alone",
    "should_go_alone",
]
