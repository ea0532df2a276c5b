"""Deals consistent with what one seat has seen, drawn at random.

From the `SeatView` alone: the cards the seat has not seen are shared among the hidden places
(the other hands, at their known sizes, the kitty, and the dealer's discard when the up card
was taken), so that
- a seat that failed to follow a suit holds none of it (effective suits: the left bower is a
  trump),
- the dealer holds the up card it picked up, unless it has played it or shown itself void of
  trump (then it was the discard),
- cards the seat put away itself (its discard, the cards it gave going under) and the turned-down
  up card are out of play.
The bids are soft evidence: a deal in which a seat passed with a hand that would have bid (or
bid with one that would have passed) is kept only with a small probability (`bid_likelihood`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.engine import SeatView
from games.engine.actions import ORDER_UP, PASS
from games.engine.cards import DECK, EFFECTIVE_SUIT, NO_TRUMP, SUITS

from ..strength import suit_strength, trump_points

KITTY = 4  # the index of the kitty among the places
DISCARD = 5  # the dealer's discard
BID_POINTS = 5.5  # where a club player bids (the rule-of-thumb player's threshold)
BID_SPREAD = 0.8  # how sharply: a point below it, a player still bids one time in four


@dataclass(frozen=True, slots=True)
class World:
    """One deal consistent with the view: what every hidden place holds now."""

    hands: tuple[tuple[str, ...], ...]  # per seat; my own hand is the real one
    kitty: tuple[str, ...]
    discard: str | None  # the dealer's discard, when the up card was taken


@dataclass(frozen=True, slots=True)
class Constraints:
    """What the view says about the hidden places."""

    seat: int
    unseen: tuple[str, ...]  # cards to share among the hidden places, in deck order
    sizes: tuple[int, ...]  # per place: seats 0-3 (mine 0), kitty, discard
    voids: tuple[frozenset[str], ...]  # per seat: effective suits it cannot hold
    dealer_holds_upcard: bool  # the up card is in the unseen cards and in the dealer's hand
    played: tuple[tuple[str, ...], ...]  # per seat: cards played this hand (for the bids)


def constraints_of(view: SeatView) -> Constraints:
    assert view.seat is not None
    me, dealer = view.seat, view.dealer
    trump = view.trump
    effective = EFFECTIVE_SUIT[trump] if trump is not None else None
    seen = set(view.hand)
    played: list[list[str]] = [[], [], [], []]
    voids: list[set[str]] = [set(), set(), set(), set()]
    for plays in [trick.plays for trick in view.tricks] + [view.trick]:
        if not plays:
            continue
        assert effective is not None
        led = effective[plays[0][1]]
        for seat, card in plays:
            seen.add(card)
            played[seat].append(card)
            if effective[card] != led:
                voids[seat].add(led)
    if view.my_discard is not None:
        seen.add(view.my_discard)
    if view.my_under_given:
        seen.update(view.my_under_given)
    if not view.upcard_taken:
        seen.add(view.upcard)
    sizes = [0 if seat == me else view.hand_sizes[seat] for seat in range(4)]
    kitty = 0 if view.my_under_given else 3
    discard = 1 if view.upcard_taken and me != dealer else 0
    unseen = tuple(card for card in DECK if card not in seen)
    # the dealer holds the up card it took unless it has shown no trump: then it laid it away
    holds = (
        view.upcard_taken
        and me != dealer
        and view.upcard in unseen
        and not (trump is not None and trump in voids[dealer])
    )
    assert sum(sizes) + kitty + discard == len(unseen), (sizes, kitty, discard, len(unseen))
    return Constraints(
        seat=me,
        unseen=unseen,
        sizes=(*sizes, kitty, discard),
        voids=tuple(frozenset(v) for v in voids),
        dealer_holds_upcard=holds,
        played=tuple(tuple(p) for p in played),
    )


def sample_world(view: SeatView, constraints: Constraints, rng: random.Random) -> World:
    """One deal consistent with the hard facts of the view (no weighting by the bids)."""
    for _ in range(200):
        world = _try_sample(view, constraints, rng)
        if world is not None:
            return world
    raise RuntimeError("no deal is consistent with this view")  # cannot happen in a real game


def sample_worlds(
    view: SeatView,
    count: int,
    rng: random.Random,
    use_bids: bool = True,
    max_tries: int = 20,
) -> list[World]:
    """`count` deals consistent with the view, weighted by how likely the bids made them."""
    stream = world_stream(view, rng, use_bids, max_tries * count)
    return [next(stream) for _ in range(count)]


def world_stream(
    view: SeatView, rng: random.Random, use_bids: bool = True, weighed_tries: int = 400
) -> Iterator[World]:
    """Deals consistent with the view, one after another, for as long as they are wanted. The
    bids weigh the first `weighed_tries` draws; after that (a view whose bids are very
    unlikely under the model) every consistent deal is taken."""
    constraints = constraints_of(view)
    tries = 0
    while True:
        world = sample_world(view, constraints, rng)
        tries += 1
        weighed = use_bids and tries < weighed_tries
        if weighed and rng.random() > bid_likelihood(view, constraints, world):
            continue
        yield world


def _try_sample(view: SeatView, constraints: Constraints, rng: random.Random) -> World | None:
    me, dealer = constraints.seat, view.dealer
    trump = view.trump
    effective = EFFECTIVE_SUIT[trump] if trump is not None else None
    room = list(constraints.sizes)
    places: list[list[str]] = [[], [], [], [], [], []]
    cards = list(constraints.unseen)
    if view.upcard_taken and me != dealer and view.upcard in cards:
        cards.remove(view.upcard)
        target = dealer if constraints.dealer_holds_upcard else DISCARD
        places[target].append(view.upcard)
        room[target] -= 1
    # which places each card may go to: a seat void in its suit may not hold it
    options: list[tuple[str, list[int]]] = []
    for card in cards:
        allowed = [
            place
            for place in range(6)
            if room[place] > 0
            and not (
                place < 4 and effective is not None and effective[card] in constraints.voids[place]
            )
        ]
        options.append((card, allowed))
    rng.shuffle(options)
    options.sort(key=lambda option: len(option[1]))  # the most constrained cards first
    for card, allowed in options:
        open_places = [place for place in allowed if room[place] > 0]
        if not open_places:
            return None
        weights = [room[place] for place in open_places]
        place = rng.choices(open_places, weights)[0]
        places[place].append(card)
        room[place] -= 1
    hands = tuple(tuple(view.hand) if seat == me else tuple(places[seat]) for seat in range(4))
    discard = places[DISCARD][0] if places[DISCARD] else None
    return World(hands=hands, kitty=tuple(places[KITTY]), discard=discard)


# ---- the bids as evidence ------------------------------------------------------------------


def _bid_probability(points: float) -> float:
    return 1.0 / (1.0 + math.exp(-(points - BID_POINTS) / BID_SPREAD))


def bidding_hand(view: SeatView, constraints: Constraints, world: World, seat: int) -> list[str]:
    """The seat's cards when it bid, in this world: its hand now, the cards it played, and for
    a dealer who picked up the up card, its discard instead of the up card."""
    cards = list(world.hands[seat]) + list(constraints.played[seat])
    if seat == view.dealer and view.upcard_taken:
        if view.upcard in cards:
            cards.remove(view.upcard)
        discard = world.discard if seat != constraints.seat else view.my_discard
        if discard is not None:
            cards.append(discard)
    return cards


def bid_likelihood(view: SeatView, constraints: Constraints, world: World) -> float:
    """How likely the other seats' bids were with the hands of this world, up to a constant: a
    product over their bids of a smooth 'would a club player bid here' probability."""
    likelihood = 1.0
    up_suit = view.upcard[1]
    for bid in view.bids:
        seat = bid.seat
        if seat == constraints.seat or seat == view.went_under_seat:
            continue
        cards = bidding_hand(view, constraints, world, seat)
        if bid.round == 1:
            points = suit_strength(cards, up_suit)
            share = trump_points(view.upcard, up_suit)
            if seat == view.dealer:
                points += share
            elif (seat + 2) % 4 == view.dealer:
                points += 0.5 * share
            else:
                points -= 0.5 * share + 0.3
            bid_p = _bid_probability(points)
            likelihood *= bid_p if bid.call == ORDER_UP else 1.0 - bid_p
        else:
            if bid.call == PASS:
                best = max(suit_strength(cards, suit) for suit in SUITS if suit != up_suit)
                likelihood *= 1.0 - _bid_probability(best)
            elif bid.call[5:] != NO_TRUMP:
                likelihood *= _bid_probability(suit_strength(cards, bid.call[5:]))
    return max(likelihood, 0.02)
