"""The rule-of-thumb player's choices in the phases of seeds 001-004's variants: calling an
ace, the upturned Benny's naming, exchanges and redeals, Robson's blind loner and its add or
reduce. (Bidding and the play are in `rule_of_thumb.py` and `rule_of_thumb_play.py`.)
"""

from __future__ import annotations

from games.engine import RuleOptions, SeatView
from games.engine.actions import (
    ALONE,
    BLIND_ALONE,
    REDEAL,
    ROBSON_ADD,
    ROBSON_REDUCE,
    SEE_HAND,
    exchange_action,
)
from games.engine.cards import BENNY_CARDS, DECK_INDEX, EFFECTIVE_SUIT, SUITS, TRUMP_ORDER
from games.engine.deal import rules_deck
from games.engine.phases import BID1

from .rule_of_thumb_play import honest_choices
from .score_race import race_win, standing_value
from .strength import KEEP_POINTS, near_lay_down, pickup_strength

# How often a dealer going alone blind with the jack turned up (Robson) takes every trick,
# against rule-of-thumb defenders: 397 marches in 4,000 seeded hands (rule-of-thumb play).
BLIND_MARCH_CHANCE = 0.10
HOPELESS_RANKS = frozenset("789T")  # a hand of these only (no ace, no face card, no Benny)


def out_of_play(view: SeatView) -> list[str]:
    """Cards I know nobody holds: the turned-down up card and my own discard."""
    gone = [] if view.upcard_taken else [view.upcard]
    if view.my_discard is not None:
        gone.append(view.my_discard)
    return gone


# ---- exchanges and redeals (seed 003) -----------------------------------------------------


def least_useful(view: SeatView, count: int) -> list[str]:
    """My `count` least useful cards before trump is known: low ranks first, and a card of the
    suit the up card proposes kept a little longer in round one."""
    candidate_trump = view.upcard_suit if view.phase == BID1 else None

    def keep_points(card: str) -> tuple[float, int]:
        points = KEEP_POINTS[card[0]]
        if candidate_trump is not None and card in TRUMP_ORDER[candidate_trump]:
            points += 1.0
        return (points, DECK_INDEX[card])

    return sorted(view.hand, key=keep_points)[:count]


def kitty_choice(view: SeatView) -> str | None:
    """Ask for a redeal with a hand of nines and tens (and sevens and eights), nothing to bid
    on; else exchange my three least useful cards when I may. None: neither."""
    actions = honest_choices(view)
    hopeless = all(card[0] in HOPELESS_RANKS and card not in BENNY_CARDS for card in view.hand)
    if REDEAL in actions and hopeless:
        return REDEAL
    if any(action.startswith("exchange:") for action in actions):
        return exchange_action(least_useful(view, 3))
    return None


# ---- call-ace -----------------------------------------------------------------------------


def choose_ace_call(view: SeatView, rules: RuleOptions) -> str:
    """Alone with a near lay-down hand. Else the ace of trump when I may call it: its holder
    (or, if nobody holds it, the holder of the highest trump) is my partner, a trump for us.
    Else the ace of a side suit in which I hold a low card, to lead to the partner's ace (the
    fewer I hold, the less the ace risks a ruff), else a suit I am void in. (In the arena the
    ace of trump first gained 0.018 points per hand over the side suit first, 4,000 deals.)"""
    actions = honest_choices(view)
    trump = view.trump
    assert trump is not None
    suits = [action[4:] for action in actions if action.startswith("ace:")]
    lay_down = near_lay_down(view.hand, trump, out_of_play(view), rules_deck(rules))
    if ALONE in actions and (lay_down or not suits):
        return ALONE
    effective, order = EFFECTIVE_SUIT[trump], TRUMP_ORDER[trump]

    def preference(suit: str) -> tuple[int, int, int]:
        mine = [card for card in view.hand if effective[card] == suit and card not in order]
        if suit == trump:
            tier = 2
        elif mine:
            tier = 1
        else:
            tier = 0
        return (tier, -len(mine), -SUITS.index(suit))

    return "ace:" + max(suits, key=preference)


# ---- the upturned Benny (seed 003) --------------------------------------------------------


def name_trump(view: SeatView, rules: RuleOptions) -> str:
    """The dealer names trump for an upturned Benny. Blind (the hand unseen) every suit is as
    good as another: the first. Seeing the hand, the suit with the best count once the Benny is
    picked up and a card laid away."""
    actions = [action for action in honest_choices(view) if action.startswith("call:")]
    if view.hand_hidden or not view.hand:
        return actions[0]

    def count(action: str) -> tuple[float, int]:
        suit = action[5:]
        points = pickup_strength(view.hand, view.upcard, suit, rules.dealer_may_discard_upcard)
        return (points, -actions.index(action))

    return max(actions, key=count)


# ---- Robson (seed 003) --------------------------------------------------------------------


def _scores(view: SeatView) -> tuple[int, int]:
    assert view.seat is not None
    team = view.seat % 2  # Robson is for partnerships only
    return view.score[team], view.score[1 - team]


def choose_blind(view: SeatView) -> str:
    """A jack turned up: go alone blind only when the gamble (five points now and then, else one
    to the opponents) improves our chance of winning the game, as when the opponents are about
    to win anyway. Decided from the score: the hand is unseen."""
    ours, theirs = _scores(view)
    target = view.target_score
    see = race_win(target - ours, target - theirs)
    blind = BLIND_MARCH_CHANCE * standing_value(ours + 5, theirs, target) + (
        1 - BLIND_MARCH_CHANCE
    ) * standing_value(ours, theirs + 1, target)
    return BLIND_ALONE if blind > see else SEE_HAND


def sweep_points(view: SeatView) -> int:
    """The points of the sweep I am choosing for (the engine's scoring of a march or euchre)."""
    assert view.seat is not None and view.maker is not None
    if view.maker % 2 == view.seat % 2:
        return 5 if view.blind_alone else 4 if view.maker_alone else 2
    return 1 if view.blind_alone else 4 if view.lone_defender is not None else 2


def choose_robson(view: SeatView) -> str:
    """Add the points to our score, or take them off the opponents' (never below zero):
    whichever leaves us the better chance of winning; add when it is the same."""
    ours, theirs = _scores(view)
    points, target = sweep_points(view), view.target_score
    add = standing_value(ours + points, theirs, target)
    reduce = standing_value(ours, max(0, theirs - points), target)
    return ROBSON_REDUCE if reduce > add else ROBSON_ADD
