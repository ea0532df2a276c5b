"""The rule-of-thumb player: how a fair club player bids and plays, written down as rules.

It is the baseline a stronger player will be measured against. It bids by a point count
(`strength.py`), goes under (seed 000) when it may and its hand is too weak to bid, discards to
short-suit itself, goes alone with a near lay-down hand, and plays by the usual maxims: draw
trumps when we called and hold the top one, cash aces, win as cheaply as possible, never
overtake a partner whose card is safe, trump in when an opponent is winning, and otherwise
throw the lowest card.

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
from games.engine.cards import (
    DECK_INDEX,
    EFFECTIVE_SUIT,
    NO_TRUMP,
    RANKS,
    SUITS,
    TRICK_STRENGTH,
    TRUMP_ORDER,
)
from games.engine.hand import ALONE_PHASE, BID1, BID2, DEFEND_PHASE, DISCARD_PHASE, PLAY_PHASE

from .knowledge import PlayKnowledge, play_knowledge
from .strength import (
    KEEP_POINTS,
    count_trumps,
    no_trump_tricks,
    off_suit_losers,
    suit_strength,
    top_trump_run,
    trump_points,
)


@dataclass(frozen=True, slots=True)
class BiddingStyle:
    """The thresholds that turn point counts (`strength.py`) into bids.

    The defaults bid three trumps with a bower, or both bowers and an ace. They were tuned by
    pitting styles against each other over 2,000 seeded games: a team bidding from 6.5 points
    won only 37% of its games against one bidding from 5.5.
    """

    order_up_points: float = 5.5
    call_points: float = 5.5
    # Ordering the up card into my partner's hand gives our side that trump; into an
    # opponent's hand, it gives them a trump and a void from the discard.
    partner_pickup_share: float = 0.5
    opponent_pickup_share: float = 0.5
    opponent_pickup_penalty: float = 0.3
    # no trump is named with about four sure tricks (aces and the cards running down from them)
    no_trump_tricks: float = 4.0
    go_under: bool = True  # when the option is on and the hand is too weak to bid


DEFAULT_STYLE = BiddingStyle()
_PLAIN_RANK = {rank: index for index, rank in enumerate(RANKS)}


class RuleOfThumbPlayer:
    name = "rule_of_thumb"

    def __init__(self, rng: random.Random | None = None, style: BiddingStyle = DEFAULT_STYLE):
        # deterministic: the generator is accepted to fit PlayerFactory, and not needed
        self.rng = rng
        self.style = style

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        return choose_action(view, rules, self.style)


def choose_action(view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE) -> str:
    """The rule-of-thumb choice for the seat of `view`, which must be the seat to act."""
    if len(view.legal_actions) == 1:
        return view.legal_actions[0]  # a forced card: nothing to think about
    phase = view.phase
    if phase == PLAY_PHASE:
        return PLAY[choose_card(view)]
    if phase in (BID1, BID2):
        return choose_bid(view, rules, style)
    if phase == DISCARD_PHASE:
        allowed = [action[8:] for action in view.legal_actions]
        assert view.trump is not None
        return DISCARD[card_to_discard(view.hand, view.trump, allowed)]
    if phase == ALONE_PHASE:
        return ALONE if should_go_alone(view) else NOT_ALONE
    if phase == DEFEND_PHASE:
        return ALONE if should_defend_alone(view) else NOT_ALONE
    raise ValueError(f"nothing to choose in phase {phase!r}")


# ---- bidding ------------------------------------------------------------------------------


def choose_bid(view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE) -> str:
    legal = view.legal_actions
    under = _going_under(view) if style.go_under else None
    if view.phase == BID1:
        if order_up_strength(view, rules, style) >= style.order_up_points:
            return ORDER_UP
        return under or PASS
    suit, points = best_suit_to_call(view)
    if points >= style.call_points:
        return CALL[suit]
    no_trump = CALL[NO_TRUMP] in legal and no_trump_tricks(view.hand) >= style.no_trump_tricks
    if no_trump:
        return CALL[NO_TRUMP]
    if under:
        return under
    if PASS in legal:
        return PASS
    return CALL[suit]  # stick the dealer: the dealer must name a suit, so name the best one


def order_up_strength(
    view: SeatView, rules: RuleOptions, style: BiddingStyle = DEFAULT_STYLE
) -> float:
    """The point count of the up card's suit as trump, for the seat of `view`."""
    trump, upcard = view.upcard[1], view.upcard
    if view.seat == view.dealer:
        # the dealer counts the best five of its six cards
        six = (*view.hand, upcard)
        allowed = [card for card in six if rules.dealer_may_discard_upcard or card != upcard]
        discard = card_to_discard(six, trump, allowed)
        return suit_strength((card for card in six if card != discard), trump)
    points = suit_strength(view.hand, trump)
    upcard_points = trump_points(upcard, trump)
    if view.dealer == (view.seat + 2) % 4:
        return points + style.partner_pickup_share * upcard_points
    return points - style.opponent_pickup_share * upcard_points - style.opponent_pickup_penalty


def best_suit_to_call(view: SeatView) -> tuple[str, float]:
    """The strongest suit that may be named in the second round, and its point count."""
    callable_suits = [suit for suit in SUITS if CALL[suit] in view.legal_actions]
    scored = [(suit_strength(view.hand, suit), -SUITS.index(suit), suit) for suit in callable_suits]
    points, _, suit = max(scored)
    return suit, points


def _going_under(view: SeatView) -> str | None:
    """The going-under action giving my three least useful cards, if going under is legal."""
    if not any(action.startswith("under:") for action in view.legal_actions):
        return None
    candidate_trump = view.upcard[1] if view.phase == BID1 else None

    def keep_points(card: str) -> tuple[float, int]:
        points = KEEP_POINTS[card[0]]
        if candidate_trump is not None and card in TRUMP_ORDER[candidate_trump]:
            points += 1.0
        return (points, DECK_INDEX[card])

    return go_under_action(sorted(view.hand, key=keep_points)[:3])


# ---- the dealer's discard, going alone ----------------------------------------------------


def card_to_discard(hand: tuple[str, ...] | list[str], trump: str, allowed: list[str]) -> str:
    """Short-suit myself: throw the lowest off-suit card of my shortest suit, keep aces and
    trumps (the lowest trump goes only when nothing else may)."""
    order, effective = TRUMP_ORDER[trump], EFFECTIVE_SUIT[trump]
    suit_lengths: dict[str, int] = {}
    for card in hand:
        suit_lengths[effective[card]] = suit_lengths.get(effective[card], 0) + 1

    def keep_key(card: str) -> tuple[int, int, int, int, int, int]:
        return (
            int(card in order),
            order.get(card, 0),
            int(card[0] == "A"),
            suit_lengths[effective[card]],
            _PLAIN_RANK[card[0]],
            DECK_INDEX[card],
        )

    return min(allowed, key=keep_key)


def _out_of_play(view: SeatView) -> list[str]:
    """Cards I know nobody holds: the turned-down up card and my own discard."""
    gone = [] if view.upcard_taken else [view.upcard]
    if view.my_discard is not None:
        gone.append(view.my_discard)
    return gone


def should_go_alone(view: SeatView) -> bool:
    """Near a lay-down hand: three or more trumps with the right bower and no off-suit card
    that can lose, or the two top trumps and at most one such card, or five trumps. (Looser
    than the card table's "both bowers and the ace": in simulation it scored better.)"""
    trump, hand = view.trump, view.hand
    assert trump is not None
    if trump == NO_TRUMP:
        return no_trump_tricks(hand) >= 5
    trumps = count_trumps(hand, trump)
    run = top_trump_run(hand, trump, _out_of_play(view))
    losers = off_suit_losers(hand, trump)
    if trumps < 3 or run == 0:
        return False
    return losers == 0 or (run >= 2 and losers <= 1) or trumps == 5


def should_defend_alone(view: SeatView) -> bool:
    """Only with the three highest trumps: three sure tricks, a sure euchre worth four."""
    trump = view.trump
    assert trump is not None
    return trump != NO_TRUMP and top_trump_run(view.hand, trump, _out_of_play(view)) >= 3


# ---- card play ----------------------------------------------------------------------------


def choose_card(view: SeatView) -> str:
    knowledge = play_knowledge(view)
    playable = [action[5:] for action in view.legal_actions]
    if not view.trick:
        return lead_card(view, knowledge, playable)
    return follow_card(knowledge, playable)


def lead_card(view: SeatView, knowledge: PlayKnowledge, playable: list[str]) -> str:
    trump = knowledge.trump
    order = TRUMP_ORDER[trump]
    trumps = sorted((card for card in playable if card in order), key=order.__getitem__)
    off_suit = [card for card in playable if card not in order]
    we_called = view.maker is not None and view.maker % 2 == knowledge.seat % 2
    i_called = view.maker == knowledge.seat

    # draw trumps: the maker with two or more, or the maker's partner, leads the top trump
    if we_called and trumps and knowledge.unseen_trumps:
        if knowledge.is_boss(trumps[-1]) and (len(trumps) >= 2 or not i_called):
            return trumps[-1]
        if i_called and len(trumps) >= 3:
            return trumps[0]  # pull trumps with a low one, keep the high ones

    # cash a sure winner, in a suit the opponents are least likely to trump
    bosses = [card for card in off_suit if knowledge.is_boss(card)]
    if bosses:
        return min(bosses, key=lambda card: (_ruff_risk(knowledge, card), DECK_INDEX[card]))

    if not off_suit:
        return trumps[-1] if knowledge.is_boss(trumps[-1]) else trumps[0]
    return _lowest_of(knowledge, off_suit)


def follow_card(knowledge: PlayKnowledge, playable: list[str]) -> str:
    led = knowledge.led_suit
    assert led is not None
    strength = TRICK_STRENGTH[knowledge.trump][led]
    winner_seat, winner_card = max(knowledge.trick, key=lambda play: strength[play[1]])
    opponents_after = [seat for seat in knowledge.seats_after_me() if seat != knowledge.partner]
    winners = sorted(
        (card for card in playable if strength[card] > strength[winner_card]),
        key=strength.__getitem__,
    )

    if winner_seat == knowledge.partner:
        if not opponents_after or _holds(knowledge, winner_card, opponents_after):
            return _lowest_of(knowledge, playable)
        # third hand high, but only in the suit led: never trump my partner's trick
        sure = [
            card
            for card in winners
            if knowledge.suit(card) == led and _holds(knowledge, card, opponents_after)
        ]
        return sure[0] if sure else _lowest_of(knowledge, playable)

    if not winners:
        return _lowest_of(knowledge, playable)
    if opponents_after:
        sure = [card for card in winners if _holds(knowledge, card, opponents_after)]
        if sure:
            return sure[0]
    return winners[0]  # the cheapest card that beats the best so far


def _holds(knowledge: PlayKnowledge, card: str, opponents_after: list[int]) -> bool:
    """Whether `card`, now best in the trick, must stay best whatever the opponents still to
    play hold: nothing unseen beats it in its suit, and if it is not a trump, either no trumps
    are unseen or none of those opponents is known to be void in the suit led."""
    if not knowledge.is_boss(card):
        return False
    if knowledge.is_trump(card) or not knowledge.unseen_trumps:
        return True
    led = knowledge.led_suit
    return not any((seat, led) in knowledge.voids for seat in opponents_after)


def _ruff_risk(knowledge: PlayKnowledge, card: str) -> int:
    """1 when an opponent is known to be void in this card's suit and trumps are unseen."""
    if not knowledge.unseen_trumps:
        return 0
    suit = knowledge.suit(card)
    opponents = [seat for seat in range(4) if seat % 2 != knowledge.seat % 2]
    return int(any((seat, suit) in knowledge.voids for seat in opponents))


def _lowest_of(knowledge: PlayKnowledge, cards: list[str]) -> str:
    """The card I miss least: off-suit before trump, a loser before a sure winner, low before
    high, and from a short suit (to make a void) before a long one."""
    effective = EFFECTIVE_SUIT[knowledge.trump]
    order = TRUMP_ORDER[knowledge.trump]
    lengths: dict[str, int] = {}
    for card in knowledge.hand:
        lengths[effective[card]] = lengths.get(effective[card], 0) + 1

    def miss_key(card: str) -> tuple[int, int, int, int, int]:
        if card in order:
            return (1, 0, order[card], 0, DECK_INDEX[card])
        return (
            0,
            int(knowledge.is_boss(card)),
            _PLAIN_RANK[card[0]],
            lengths[effective[card]],
            DECK_INDEX[card],
        )

    return min(cards, key=miss_key)
