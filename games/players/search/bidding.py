"""Bidding, going alone, going under and the dealer's discard, evaluated by search; and the
variants' own decisions: calling an ace or going alone (call-ace), exchanging three cards or
asking a redeal (seed 003), going alone blind on a turned jack (Robson), naming trump when the
dealer must play an upturned Benny.

Each candidate decision is tried in N deals consistent with the view (the same deals for every
candidate, so that their differences are not noise of the sampling), each a `HandState` the
engine itself plays on (`world_state`): the rest of the auction is played out by the baseline
(`baseline.py`) for every seat (us included, after this decision), then the play of the cards
is solved with every hand known (`solver.py`), and the hand points for our side are averaged.
A pass is valued the same way, so it is worth what the others would then make of the hand,
not zero; a redeal is worth nothing. Naming trump blind (nothing is known) and Robson's add or
reduce (a question of the game's score, not of the cards) are left to the baseline.

The rule-of-thumb choice is the default, and a candidate replaces it only when its paired gain
over the deals clears a margin plus a number of standard errors (`choose_by_search`): the best
of several noisy averages is biased upwards, and the solved play, which sees every card, values
marginal bids too well. Without that guard the search bid more and lost points to euchres.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games.engine import Deal, GameState, HandState, RuleOptions, SeatView
from games.engine.actions import (
    ALONE,
    BLIND_ALONE,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    REDEAL,
    exchange_action,
)
from games.engine.cards import NO_TRUMP, TRUMP_ORDER
from games.engine.phases import (
    ALONE_PHASE,
    BID1,
    BID2,
    BLIND_PHASE,
    CALL_ACE_PHASE,
    DEALER_NAMES_PHASE,
    DEFEND_PHASE,
    DISCARD_PHASE,
    DONE,
    PLAY_PHASE,
)
from games.engine.records import Exchange, WentUnder
from games.engine.view import seat_view

from ..rule_of_thumb_variants import least_useful
from ..strength import PLAIN_RANK, count_trumps, suit_strength
from .baseline import baseline_action
from .calibration import EUCHRED, MADE, MARCHED, calibrated_points, calibrates
from .card_play import MIN_SAMPLES, next_seats
from .cards import tables_for, to_mask
from .sampler import World, world_stream
from .solver import PlaySolver, Stakes, stakes_for

AUCTION_NODES = 60  # the rule-of-thumb auction after a candidate, in solver positions' time
LONE_VARIANTS = ("euchre", "call_ace")  # two- and three-handed makers play alone anyway


@dataclass(frozen=True, slots=True)
class Candidate:
    action: str
    alone: bool | None = None  # for a bid: whether I then go alone (None: rule of thumb)


def world_state(view: SeatView, rules: RuleOptions, world: World) -> HandState:
    """The hand as it stands now in this world: the view's bids and decisions, the world's
    cards. Only for the phases before the play."""
    deal = Deal(hands=world.hands, upcard=view.upcard, kitty=world.kitty)
    hand = HandState(rules, view.dealer, deal, view.hand_number)
    hand.outcome = None  # an upturned Benny thrown in never comes to a decision
    hand.bids = list(view.bids)
    hand.upcard_suit = view.upcard_suit
    hand.taker = view.taker
    hand.blind_alone = view.blind_alone
    if view.went_under_seat is not None:
        shown = view.under_shown  # seed 004's farmer's call: the given cards, seen by all
        hand.went_under = WentUnder(
            view.went_under_seat,
            view.my_under_given or shown,
            view.my_under_received,
            shown is not None,
        )
    if view.exchange_seat is not None:
        kind = "farmers_hand" if rules.farmers_hand else "ace_no_face"  # for the record only
        hand.exchange = Exchange(
            view.exchange_seat, kind, view.my_exchange_given, view.my_exchange_received
        )
    hand.phase, hand.to_act = view.phase, view.to_act
    if view.trump is not None:
        hand.trump, hand.maker = view.trump, view.maker
        if view.seat == view.taker:
            hand.discarded = view.my_discard
        else:
            hand.discarded = world.discard
        hand.maker_alone = view.maker_alone
        hand.lone_defender = view.lone_defender
        for seat in view.sitting_out:
            hand.active[seat] = False
    return hand


def _view_of(hand: HandState, seat: int, rules: RuleOptions, score: tuple[int, ...]) -> SeatView:
    state = GameState.__new__(GameState)
    state.rules, state.scores, state.winner = rules, list(score), None
    state.public_records, state.hand, state.dealer_draw = [], hand, None
    return seat_view(state, seat)


def play_out(
    hand: HandState,
    me: int,
    candidate: Candidate,
    rules: RuleOptions,
    score: tuple[int, ...],
    work: list[int] | None = None,
) -> float:
    """Apply the candidate, finish the auction by the baseline, solve the play: our points."""
    hand.apply(candidate.action)
    while hand.phase not in (PLAY_PHASE, DONE):
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        action = None
        if seat == me and candidate.alone is not None:
            action = _my_lone_choice(hand, candidate.alone)
        if action is None or action not in legal:
            action = (
                legal[0]
                if len(legal) == 1
                else baseline_action(_view_of(hand, seat, rules, score), rules)
            )
        hand.apply(action)
    if hand.phase == DONE:
        return 0.0  # everybody passed, or a redeal
    return solved_points(hand, me, rules, work)


def _my_lone_choice(hand: HandState, alone: bool) -> str | None:
    """The candidate's decision to go alone, when this phase asks it (None: not asked)."""
    if hand.phase == ALONE_PHASE:
        return ALONE if alone else NOT_ALONE
    if hand.phase == CALL_ACE_PHASE:
        aces = [action for action in hand.legal_actions() if action.startswith("ace:")]
        return ALONE if alone or not aces else None  # None: the baseline calls an ace
    return None


def solved_outcome(
    hand: HandState, rules: RuleOptions, work: list[int] | None = None
) -> tuple[int, Stakes]:
    """The makers' solved class with every hand known (0 euchred, 1 made, 2 marched) and the
    hand's stakes."""
    assert hand.trump is not None and hand.leader is not None
    makers = hand.makers
    sitting_out = tuple(seat for seat in range(hand.seats) if not hand.active[seat])
    masks = [to_mask(cards) if hand.active[seat] else 0 for seat, cards in enumerate(hand.hands)]
    following = next_seats(hand.seats, sitting_out)
    solver = PlaySolver(tables_for(hand.trump, rules), masks, following, hand.players, makers)
    stakes = stakes_for(rules, hand.maker_alone, hand.lone_defender is not None, hand.blind_alone)
    if not solver.reaches(hand.leader, stakes.to_make):
        solved = EUCHRED
    elif solver.reaches(hand.leader, stakes.hand_size):
        solved = MARCHED
    else:
        solved = MADE
    if work is not None:
        work[0] += solver.nodes
    return solved, stakes


def solved_points(
    hand: HandState, me: int, rules: RuleOptions, work: list[int] | None = None
) -> float:
    """Our side's hand points when the play is solved with every hand known; in the games the
    calibration was measured on, what real play makes of that on average (`calibration.py`:
    the solver, seeing every card, makes and marches more than the players do)."""
    solved, stakes = solved_outcome(hand, rules, work)
    if calibrates(rules, hand):
        points = calibrated_points(solved, stakes, hand.maker_alone)
    else:
        points = stakes.points((0, stakes.to_make, stakes.hand_size)[solved])
    return points if me in hand.makers else -points


def candidates_for(view: SeatView, rules: RuleOptions) -> list[Candidate]:
    """The decisions worth searching; the hopeless ones are left out to save time. Phases not
    searched (naming trump blind, Robson's add or reduce) have none."""
    legal = view.legal_actions
    phase = view.phase
    if phase in (BID1, BID2):
        return _bid_candidates(view, rules)
    if phase in (ALONE_PHASE, DEFEND_PHASE):
        return [Candidate(action) for action in (NOT_ALONE, ALONE) if action in legal]
    if phase == DISCARD_PHASE:
        # the three cards a club player would throw first: trumps and aces are kept
        assert view.trump is not None
        order = TRUMP_ORDER[view.trump]

        def keep(action: str) -> tuple[int, int, int, int]:
            card = action[8:]
            return (
                int(card in order),
                order.get(card, 0),
                int(card[0] == "A"),
                PLAIN_RANK[card[0]],
            )

        return [Candidate(action) for action in sorted(legal, key=keep)[:3]]
    if phase in (CALL_ACE_PHASE, BLIND_PHASE, DEALER_NAMES_PHASE):
        return [Candidate(action) for action in legal]
    return []


def _bid_candidates(view: SeatView, rules: RuleOptions) -> list[Candidate]:
    legal, phase = view.legal_actions, view.phase
    found: list[Candidate] = []
    if PASS in legal:
        found.append(Candidate(PASS))
    found.extend(Candidate(action) for action in _swap_candidates(view, rules))
    if REDEAL in legal:
        found.append(Candidate(REDEAL))
    scale = rules.hand_size / 5
    lone = rules.variant in LONE_VARIANTS
    bids = [ORDER_UP] if phase == BID1 else [a for a in legal if a.startswith("call:")]
    scored = []
    for bid in bids:
        trump = view.upcard_suit if bid == ORDER_UP else bid[5:]
        assert trump is not None
        cards = list(view.hand)
        # the dealer picks the up card up (an upturned Benny too, when trump is named)
        if view.seat == view.dealer and (bid == ORDER_UP or view.upcard_suit is None):
            cards.append(view.upcard)
        points = 0.0 if trump == NO_TRUMP else suit_strength(cards, trump)
        scored.append((points, bid, trump, cards))
    scored.sort(key=lambda item: -item[0])
    for rank, (points, bid, trump, cards) in enumerate(scored):
        forced = PASS not in legal and rank == 0
        if trump == NO_TRUMP or points >= 3.0 * scale or forced:
            found.append(Candidate(bid, alone=False if lone else None))
            strong = count_trumps(cards, trump) >= 3 and points >= 7.0 * scale
            if lone and trump != NO_TRUMP and strong:
                found.append(Candidate(bid, alone=True))
    return found


def _swap_candidates(view: SeatView, rules: RuleOptions) -> list[str]:
    """Going under (seed 000): the baseline's three cards, when it would go under. Exchanging
    (seed 003): the baseline's three cards, which are its three least useful ones
    (`least_useful`) even when it would not exchange. The search decides whether."""
    found = []
    choice = baseline_action(view, rules)
    if choice.startswith(("under:", "exchange:")):
        found.append(choice)
    if not choice.startswith("exchange:") and any(
        action.startswith("exchange:") for action in view.legal_actions
    ):
        found.append(exchange_action(least_useful(view, 3)))
    return found


def choose_by_search(
    view: SeatView,
    rules: RuleOptions,
    rng: random.Random,
    samples: int,
    bid_margin: float = 0.0,
    alone_margin: float = 0.0,
    confidence: float = 0.0,
    node_budget: int | None = None,
    fallback: str | None = None,
) -> str:
    """The rule-of-thumb choice (or the given `fallback`), unless a candidate beats it over
    `samples` deals by enough: by its margin (a bid over a pass: `bid_margin`, a lone hand
    over a partnered one: `alone_margin`; the solved play sees every card, which flatters the
    makers), plus `confidence` standard errors of the paired difference (the best of several noisy
    averages is biased upwards: without it the search bids on noise). At most `node_budget`
    solver positions are searched (after the first `MIN_SAMPLES` deals): a bound on the time
    that does not depend on the machine."""
    fallback = fallback or baseline_action(view, rules)
    if samples <= 0:
        return fallback
    if view.phase == ALONE_PHASE and not _alone_plausible(view):
        return NOT_ALONE
    if view.phase == DEFEND_PHASE and not _defend_plausible(view):
        return NOT_ALONE
    candidates = [Candidate(fallback)]
    for candidate in candidates_for(view, rules):
        if candidate.action != fallback or candidate.alone:
            candidates.append(candidate)
    if len(candidates) <= 1:
        return fallback
    assert view.seat is not None
    values: list[list[float]] = [[] for _ in candidates]
    work = [0]
    for used, world in enumerate(world_stream(view, rules, rng)):
        if used >= samples or (
            node_budget is not None and work[0] >= node_budget and used >= MIN_SAMPLES
        ):
            break
        base = world_state(view, rules, world)
        for index, candidate in enumerate(candidates):
            work[0] += AUCTION_NODES  # playing the auction out costs about as much
            values[index].append(
                play_out(base.clone(), view.seat, candidate, rules, view.score, work)
            )
    best, best_score = fallback, 0.0
    for index, candidate in enumerate(candidates[1:], start=1):
        gains = [mine - theirs for mine, theirs in zip(values[index], values[0], strict=True)]
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(len(gains) - 1, 1))
        score = mean - confidence * spread / math.sqrt(len(gains))
        if _is_bid(candidate.action) and not _is_bid(fallback):
            score -= bid_margin
        elif _is_bid(fallback) and not _is_bid(candidate.action):
            score += bid_margin
        if candidate.alone or candidate.action in (ALONE, BLIND_ALONE):
            score -= alone_margin
        if score > best_score + 1e-9:
            # a bid chosen for its lone hand is followed by a fresh search of going alone
            best, best_score = candidate.action, score
    return best


def _is_bid(action: str) -> bool:
    """A bid to make trump (a pass, a swap or a redeal is not; seeing the hand is a pass)."""
    return action in (ORDER_UP, BLIND_ALONE) or action.startswith("call:")


def _alone_plausible(view: SeatView) -> bool:
    trump = view.trump
    assert trump is not None
    if trump == NO_TRUMP:
        return True
    scale = len(view.hand) / 5
    return count_trumps(view.hand, trump) >= 3 and suit_strength(view.hand, trump) >= 7.0 * scale


def _defend_plausible(view: SeatView) -> bool:
    trump = view.trump
    assert trump is not None
    if trump == NO_TRUMP:
        return True
    scale = len(view.hand) / 5
    return count_trumps(view.hand, trump) >= 2 and suit_strength(view.hand, trump) >= 5.0 * scale


__all__ = ["Candidate", "choose_by_search", "world_state"]
