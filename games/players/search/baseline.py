"""The baseline the search starts from and plays the other seats' auctions with: the rule of
thumb, given only the honest actions (with a renege rule on, the engine offers reneging cards
as legal; a computer never reneges).

Where the rule of thumb does not know a variant's phase or cards yet (it raises), a few plain
rules stand in (`simple_action`), so that the search plays every variant legally whatever the
state of the rule of thumb.
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

from games.engine import RuleOptions, SeatView
from games.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    PLAY,
    REDEAL,
    ROBSON_ADD,
    ROBSON_REDUCE,
    SEE_HAND,
)
from games.engine.cards import EFFECTIVE_SUIT, SUITS, TRICK_STRENGTH, TRUMP_ORDER
from games.engine.phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    BLIND_PHASE,
    CALL_ACE_PHASE,
    DEFEND_PHASE,
    DISCARD_PHASE,
    PLAY_PHASE,
    ROBSON_PHASE,
)

from ..rule_of_thumb import choose_action
from .points import plain_rank, suit_points
from .solver import stakes_for


def honest_view(view: SeatView) -> SeatView:
    """The view with only the honest actions as legal ones."""
    honest = view.honest_actions
    if not honest or honest == view.legal_actions:
        return view
    return replace(view, legal_actions=honest)


def baseline_action(view: SeatView, rules: RuleOptions) -> str:
    view = honest_view(view)
    try:
        action = choose_action(view, rules)
    except (KeyError, ValueError):  # a phase or a card the rule of thumb does not know yet
        return simple_action(view, rules)
    return action if action in view.legal_actions else simple_action(view, rules)


# ---- plain rules standing in ----------------------------------------------------------------


def simple_action(view: SeatView, rules: RuleOptions) -> str:
    legal, phase = view.legal_actions, view.phase
    if len(legal) == 1:
        return legal[0]
    if phase == PLAY_PHASE:
        return PLAY[_simple_card(view, [action[5:] for action in legal])]
    if phase in (BID1, BID2):
        return _simple_bid(view, rules)
    if phase == DISCARD_PHASE:
        return DISCARD[_simple_discard(view, [action[8:] for action in legal])]
    if phase in (ALONE_PHASE, DEFEND_PHASE):
        return NOT_ALONE if NOT_ALONE in legal else ALONE
    if phase == CALL_ACE_PHASE:
        return _simple_ace(view)
    if phase == BLIND_PHASE:
        return SEE_HAND
    if phase == ROBSON_PHASE:
        return robson_choice(view, rules)
    # naming trump (an upturned Benny): the best suit I hold; blind, any suit is as good
    calls = [action for action in legal if action.startswith("call:") and action[5] in SUITS]
    return max(calls, key=lambda call: suit_points(view.hand, call[5:])) if calls else legal[0]


def _simple_card(view: SeatView, playable: list[str]) -> str:
    """Lead the strongest card; follow with the cheapest card that takes the trick, else the
    lowest."""
    trump = view.trump
    assert trump is not None
    effective = EFFECTIVE_SUIT[trump]
    if not view.trick:
        return max(playable, key=lambda card: TRICK_STRENGTH[trump][effective[card]][card])
    strength = TRICK_STRENGTH[trump][effective[view.trick[0][1]]]
    best = max(strength[card] for _, card in view.trick)
    winners = [card for card in playable if strength[card] > best]
    return min(winners or playable, key=lambda card: (strength[card], plain_rank(card)))


def _simple_bid(view: SeatView, rules: RuleOptions) -> str:
    legal = view.legal_actions
    needed = 5.5 * rules.hand_size / 5
    up_suit = view.upcard_suit
    if view.phase == BID1 and up_suit is not None and suit_points(view.hand, up_suit) >= needed:
        return ORDER_UP
    calls = [CALL[suit] for suit in SUITS if CALL[suit] in legal]
    if calls:
        best = max(calls, key=lambda call: suit_points(view.hand, call[5:]))
        if suit_points(view.hand, best[5:]) >= needed or PASS not in legal:
            return best
    if PASS in legal:
        return PASS
    return REDEAL if REDEAL in legal else legal[0]


def _simple_discard(view: SeatView, allowed: list[str]) -> str:
    trump = view.trump
    assert trump is not None
    order = TRUMP_ORDER[trump]
    return min(allowed, key=lambda card: (card in order, order.get(card, 0), plain_rank(card)))


def _simple_ace(view: SeatView) -> str:
    """Call the ace of the suit I hold most of (the partner then likely holds it and I can
    lead to it); alone only when no ace may be called."""
    aces = [action for action in view.legal_actions if action.startswith("ace:")]
    if not aces:
        return ALONE
    assert view.trump is not None
    effective = EFFECTIVE_SUIT[view.trump]

    def held(action: str) -> int:
        return sum(effective[card] == action[4:] for card in view.hand)

    return max(aces, key=held)


# ---- Robson: add or reduce ------------------------------------------------------------------


def race_odds(mine: int, theirs: int) -> float:
    """The chance of scoring `mine` points before the others score `theirs`, one point to a
    side at random each hand: a plain model of a race to the target."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    hands = mine + theirs - 1
    return sum(comb(hands, won) for won in range(mine, hands + 1)) / 2**hands


def robson_choice(view: SeatView, rules: RuleOptions) -> str:
    """Seed 003: "A team that takes all five tricks has the option of reducing or adding
    points". Adding brings us nearer the target; reducing (never below zero) keeps the others
    away from it: whichever leaves the better odds in the race, adding on a tie."""
    assert view.seat is not None
    stakes = stakes_for(rules, view.maker_alone, view.lone_defender is not None, view.blind_alone)
    assert view.maker is not None
    we_made = view.maker % 2 == view.seat % 2
    points = stakes.march if we_made else -stakes.euchre
    mine, theirs = view.score[view.seat % 2], view.score[1 - view.seat % 2]
    need_mine, need_theirs = rules.target_score - mine, rules.target_score - theirs
    add = race_odds(need_mine - points, need_theirs)
    reduce = race_odds(need_mine, need_theirs + min(points, theirs))
    return ROBSON_REDUCE if reduce > add else ROBSON_ADD
