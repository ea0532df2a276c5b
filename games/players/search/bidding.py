"""Bidding, going alone, going under and the dealer's discard, evaluated by search.

Each candidate decision is tried in N deals consistent with the view (the same deals for every
candidate, so that their differences are not noise of the sampling): the rest of the auction is
played out by the rule-of-thumb player for every seat (us included, after this decision), then
the play of the cards is solved with every hand known (`solver.py`), and the hand points for our
team are averaged. A pass is valued the same way, so it is worth what the others would then make
of the hand, not zero.

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
from games.engine.actions import ALONE, NOT_ALONE, ORDER_UP, PASS
from games.engine.cards import NO_TRUMP, RANKS, TRUMP_ORDER
from games.engine.hand import ALONE_PHASE, BID1, BID2, DEFEND_PHASE, DISCARD_PHASE, PLAY_PHASE
from games.engine.records import WentUnder
from games.engine.view import seat_view

from ..rule_of_thumb import choose_action, choose_bid
from ..strength import count_trumps, suit_strength
from .card_play import MIN_SAMPLES, next_seats
from .cards import to_mask
from .sampler import World, world_stream
from .solver import PlaySolver, hand_points

AUCTION_NODES = 60  # the rule-of-thumb auction after a candidate, in solver positions' time


@dataclass(frozen=True, slots=True)
class Candidate:
    action: str
    alone: bool | None = None  # for a bid: whether I then go alone (None: rule of thumb)


def world_state(view: SeatView, rules: RuleOptions, world: World) -> HandState:
    """The hand as it stands now in this world: the view's bids and decisions, the world's
    cards. Only for the phases before the play."""
    deal = Deal(hands=world.hands, upcard=view.upcard, kitty=world.kitty)
    hand = HandState(rules, view.dealer, deal, view.hand_number)
    hand.bids = list(view.bids)
    if view.went_under_seat is not None:
        hand.went_under = WentUnder(view.went_under_seat, None, None)
    hand.phase, hand.to_act = view.phase, view.to_act
    if view.trump is not None:
        hand.trump, hand.maker = view.trump, view.maker
        if view.seat == view.dealer:
            hand.discarded = view.my_discard
        else:
            hand.discarded = world.discard
        hand.maker_alone = view.maker_alone
        for seat in view.sitting_out:
            hand.active[seat] = False
    return hand


def _view_of(hand: HandState, seat: int, rules: RuleOptions, score: tuple[int, int]) -> SeatView:
    state = GameState.__new__(GameState)
    state.rules, state.scores, state.winner = rules, list(score), None
    state.public_records, state.hand, state.dealer_draw = [], hand, None
    return seat_view(state, seat)


def play_out(
    hand: HandState,
    me: int,
    candidate: Candidate,
    rules: RuleOptions,
    score: tuple[int, int],
    work: list[int] | None = None,
) -> float:
    """Apply the candidate, finish the auction by rule of thumb, solve the play: our points."""
    hand.apply(candidate.action)
    while hand.phase not in (PLAY_PHASE, "done"):
        seat = hand.to_act
        assert seat is not None
        if hand.phase == ALONE_PHASE and seat == me and candidate.alone is not None:
            action = ALONE if candidate.alone else NOT_ALONE
        else:
            legal = hand.legal_actions()
            action = (
                legal[0]
                if len(legal) == 1
                else choose_action(_view_of(hand, seat, rules, score), rules)
            )
        hand.apply(action)
    if hand.phase == "done":
        return 0.0  # everybody passed
    return solved_points(hand, me, work)


def solved_points(hand: HandState, me: int, work: list[int] | None = None) -> float:
    """Our team's hand points when the play is solved with every hand known."""
    assert hand.maker is not None and hand.trump is not None and hand.leader is not None
    maker_team = hand.maker % 2
    sitting_out = tuple(seat for seat in range(4) if not hand.active[seat])
    masks = [to_mask(hand.hands[seat]) if hand.active[seat] else 0 for seat in range(4)]
    solver = PlaySolver(hand.trump, masks, next_seats(sitting_out), hand.players, maker_team)
    if not solver.reaches(hand.leader, 3):
        tricks = 0
    elif solver.reaches(hand.leader, 5):
        tricks = 5
    else:
        tricks = 3
    if work is not None:
        work[0] += solver.nodes
    points = hand_points(tricks, hand.maker_alone, hand.lone_defender is not None)
    return points if me % 2 == maker_team else -points


def candidates_for(view: SeatView, rules: RuleOptions) -> list[Candidate]:
    """The decisions worth searching; the hopeless ones are left out to save time."""
    legal = view.legal_actions
    phase = view.phase
    under = [action for action in legal if action.startswith("under:")]
    found: list[Candidate] = []
    if phase in (BID1, BID2):
        if PASS in legal:
            found.append(Candidate(PASS))
        if under:
            # the rule-of-thumb player's three cards to give: the search decides whether
            underling = choose_bid(view, rules)
            if underling.startswith("under:"):
                found.append(Candidate(underling))
        bids = [ORDER_UP] if phase == BID1 else [a for a in legal if a.startswith("call:")]
        scored = []
        for bid in bids:
            trump = view.upcard[1] if bid == ORDER_UP else bid[5:]
            cards = list(view.hand)
            if bid == ORDER_UP and view.seat == view.dealer:
                cards.append(view.upcard)
            points = 0.0 if trump == NO_TRUMP else suit_strength(cards, trump)
            scored.append((points, bid, trump, cards))
        scored.sort(key=lambda item: -item[0])
        for rank, (points, bid, trump, cards) in enumerate(scored):
            forced = PASS not in legal and rank == 0
            if trump == NO_TRUMP or points >= 3.0 or forced:
                found.append(Candidate(bid, alone=False))
                if trump != NO_TRUMP and count_trumps(cards, trump) >= 3 and points >= 7.0:
                    found.append(Candidate(bid, alone=True))
        return found
    if phase in (ALONE_PHASE, DEFEND_PHASE):
        return [Candidate(NOT_ALONE), Candidate(ALONE)]
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
                RANKS.index(card[0]),
            )

        return [Candidate(action) for action in sorted(legal, key=keep)[:3]]
    return [Candidate(action) for action in legal]


def choose_by_search(
    view: SeatView,
    rules: RuleOptions,
    rng: random.Random,
    samples: int,
    bid_margin: float = 0.0,
    alone_margin: float = 0.0,
    confidence: float = 0.0,
    node_budget: int | None = None,
) -> str:
    """The rule-of-thumb choice, unless a candidate beats it over `samples` deals by enough:
    by its margin (a bid over a pass: `bid_margin`, a lone hand over a partnered one:
    `alone_margin`; the solved play sees every card, which flatters the makers), plus
    `confidence` standard errors of the paired difference (the best of several noisy
    averages is biased upwards: without it the search bids on noise). At most `node_budget`
    solver positions are searched (after the first `MIN_SAMPLES` deals): a bound on the time
    that does not depend on the machine."""
    fallback = choose_action(view, rules)
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
    for used, world in enumerate(world_stream(view, rng)):
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
        if candidate.alone or candidate.action == ALONE:
            score -= alone_margin
        if score > best_score + 1e-9:
            # a bid chosen for its lone hand is followed by a fresh search of going alone
            best, best_score = candidate.action, score
    return best


def _is_bid(action: str) -> bool:
    return action == ORDER_UP or action.startswith("call:")


def _alone_plausible(view: SeatView) -> bool:
    trump = view.trump
    assert trump is not None
    if trump == NO_TRUMP:
        return True
    return count_trumps(view.hand, trump) >= 3 and suit_strength(view.hand, trump) >= 7.0


def _defend_plausible(view: SeatView) -> bool:
    trump = view.trump
    assert trump is not None
    if trump == NO_TRUMP:
        return True
    return count_trumps(view.hand, trump) >= 2 and suit_strength(view.hand, trump) >= 5.0


__all__ = ["Candidate", "choose_by_search", "world_state"]
