"""Deals consistent with what one seat has seen, drawn at random.

From the `SeatView` and the rules alone: the cards of the game's deck (`rules_deck`: 24, 28 or
32 cards, and the Benny) that the seat has not seen are shared among the hidden places (the
other hands at their known sizes, two or three of them, five or seven cards; the kitty; the
discard of whoever took the up card; the seat's own hand while it decides blind), so that
- a seat that failed to follow a suit holds none of it (effective suits: the left bower and
  the Benny are trumps),
- whoever took the up card holds it, unless it has played it or shown itself void of trump
  (then it was the discard),
- cards the seat put away itself (its discard, the cards it gave going under or exchanging),
  the nines and tens a seed 004 farmer's call showed, and the turned-down up card are out of
  play,
- a seed 003 exchange by another seat put three cards of a farmer's hand or of an ace no face
  into the kitty, and kept two (`exchange_fits`),
- call-ace: the maker holds no called ace (it may not call an ace it holds); the partner is
  whoever the engine's rule names from each deal's hands (`called_partner`): a deal is kept
  only if that agrees with what the view shows (nobody shown yet: the partner's card is still
  in its hand; shown: that seat, by that card).
The bids are soft evidence: a deal in which a seat passed with a hand that would have bid (or
bid with one that would have passed) is kept only with a small probability (`bid_likelihood`).
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import accumulate

from games.engine import RuleOptions, SeatView, rules_deck
from games.engine.actions import ORDER_UP, PASS
from games.engine.cards import BENNY_CARDS, EFFECTIVE_SUIT, FACE_RANKS, NO_TRUMP, SUITS
from games.engine.phases import DISCARD_PHASE

from ..strength import suit_strength, trump_points
from .partner import called_partner, partner_constraints

BID_POINTS = 5.5  # where a club player bids (the rule-of-thumb player's threshold)
BID_SPREAD = 0.8  # how sharply: a point below it, a player still bids one time in four
TRIES = 200  # draws before a view is declared impossible (or its softest facts are waived)


@dataclass(frozen=True, slots=True)
class World:
    """One deal consistent with the view: what every hidden place holds now."""

    hands: tuple[tuple[str, ...], ...]  # per seat; my own hand is the real one (unless hidden)
    kitty: tuple[str, ...]  # the cards given by a swap with the kitty first, as in the engine
    discard: str | None  # the taker's discard, when the up card was taken
    partner: int | None = None  # call-ace: the maker's partner in this deal (None: nobody)


@dataclass(frozen=True, slots=True)
class Constraints:
    """What the view says about the hidden places. Places: the seats' hands (0..seats-1), the
    kitty, the discard, and the three cards another seat's exchange put in the kitty."""

    seat: int
    seats: int
    unseen: tuple[str, ...]  # cards to share among the hidden places, in deck order
    sizes: tuple[int, ...]  # per place
    forbidden: tuple[frozenset[str], ...]  # per place: unseen cards it cannot hold
    voids: tuple[frozenset[str], ...]  # per seat: effective suits it cannot hold
    taker_holds_upcard: bool  # the up card is unseen by me and in the taker's hand
    played: tuple[tuple[str, ...], ...]  # per seat: cards played this hand
    my_kitty: tuple[str, ...]  # cards I gave to the kitty (known to me, in it)
    hand_hidden: bool  # I decide blind: my own hand is sampled too

    @property
    def kitty(self) -> int:
        return self.seats

    @property
    def discard(self) -> int:
        return self.seats + 1

    @property
    def given(self) -> int:
        return self.seats + 2


def constraints_of(view: SeatView, rules: RuleOptions) -> Constraints:
    assert view.seat is not None
    me, seats = view.seat, view.seats
    trump = view.trump
    effective = EFFECTIVE_SUIT[trump] if trump is not None else None
    seen = set(view.hand)
    played: list[list[str]] = [[] for _ in range(seats)]
    voids: list[set[str]] = [set() for _ in range(seats)]
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
    # what I gave, or what a seed 004 farmer's call showed the table: the kitty's first three
    my_kitty = tuple(view.my_under_given or view.my_exchange_given or view.under_shown or ())
    seen.update(my_kitty)
    if not view.upcard_taken:
        seen.add(view.upcard)  # turned down (or not yet taken): nobody holds it
    deck = rules_deck(rules)
    unseen = tuple(card for card in deck if card not in seen)
    hidden = view.hand_hidden
    sizes = [view.hand_sizes[seat] if seat != me or hidden else 0 for seat in range(seats)]
    kitty = len(deck) - seats * rules.hand_size - 1 - len(my_kitty)
    taker = view.taker
    discard = int(taker is not None and me != taker and view.phase != DISCARD_PHASE)
    # seed 003: another seat's exchange put three cards of its farmer's hand in the kitty
    exchanged = view.exchange_seat is not None and view.exchange_seat != me
    given = 3 if exchanged else 0
    # the taker holds the up card it took unless it has shown no trump: then it laid it away
    holds = (
        taker is not None
        and me != taker
        and view.upcard in unseen
        and not (trump is not None and trump in voids[taker])
    )
    forbidden: list[set[str]] = [set() for _ in range(seats + 3)]
    if effective is not None:
        for seat in range(seats):
            forbidden[seat].update(card for card in unseen if effective[card] in voids[seat])
    for place, cards in partner_constraints(view, rules, played).items():
        forbidden[place].update(cards)
    if exchanged:
        forbidden[seats + 2].update(card for card in unseen if not _may_give(card, rules))
    sizes += [kitty - given, discard, given]
    assert sum(sizes) == len(unseen), (sizes, len(unseen))
    return Constraints(
        seat=me,
        seats=seats,
        unseen=unseen,
        sizes=tuple(sizes),
        forbidden=tuple(frozenset(cards & set(unseen)) for cards in forbidden),
        voids=tuple(frozenset(v) for v in voids),
        taker_holds_upcard=holds,
        played=tuple(tuple(p) for p in played),
        my_kitty=my_kitty,
        hand_hidden=hidden,
    )


def sample_world(
    view: SeatView, rules: RuleOptions, constraints: Constraints, rng: random.Random
) -> World:
    """One deal consistent with the hard facts of the view (no weighting by the bids)."""
    drawn = None
    for _ in range(TRIES):
        drawn = _try_sample(view, constraints, rng)
        world = drawn and fitted_world(view, rules, constraints, drawn)
        if world is not None:
            return world
    if drawn is not None:
        # every card is where the view allows; only what an exchange or the call-ace partner
        # tells was not met in the deals drawn: keep the last rather than fail a real game
        return fitted_world(view, rules, constraints, drawn, strict=False) or drawn
    raise RuntimeError("no deal is consistent with this view")  # cannot happen in a real game


def sample_worlds(
    view: SeatView,
    rules: RuleOptions,
    count: int,
    rng: random.Random,
    use_bids: bool = True,
    max_tries: int = 20,
) -> list[World]:
    """`count` deals consistent with the view, weighted by how likely the bids made them."""
    stream = world_stream(view, rules, rng, use_bids, max_tries * count)
    return [next(stream) for _ in range(count)]


def world_stream(
    view: SeatView,
    rules: RuleOptions,
    rng: random.Random,
    use_bids: bool = True,
    weighed_tries: int = 400,
) -> Iterator[World]:
    """Deals consistent with the view, one after another, for as long as they are wanted. The
    bids weigh the first `weighed_tries` draws; after that (a view whose bids are very
    unlikely under the model) every consistent deal is taken."""
    constraints = constraints_of(view, rules)
    tries = 0
    while True:
        world = sample_world(view, rules, constraints, rng)
        tries += 1
        weighed = use_bids and tries < weighed_tries
        if weighed and rng.random() > bid_likelihood(view, rules, constraints, world):
            continue
        yield world


def _try_sample(view: SeatView, constraints: Constraints, rng: random.Random) -> World | None:
    me, seats = constraints.seat, constraints.seats
    room = list(constraints.sizes)
    places: list[list[str]] = [[] for _ in room]
    cards = list(constraints.unseen)
    if view.taker is not None and me != view.taker and view.upcard in cards:
        cards.remove(view.upcard)
        target = view.taker if constraints.taker_holds_upcard else constraints.discard
        places[target].append(view.upcard)
        room[target] -= 1
    # which places each card may go to: a seat void in its suit may not hold it, ...
    forbidden = constraints.forbidden
    options: list[tuple[str, list[int]]] = []
    for card in cards:
        allowed = [
            place for place in range(len(room)) if room[place] > 0 and card not in forbidden[place]
        ]
        options.append((card, allowed))
    rng.shuffle(options)
    options.sort(key=lambda option: len(option[1]))  # the most constrained cards first
    for card, allowed in options:
        open_places = [place for place in allowed if room[place] > 0]
        if not open_places:
            return None
        place = weighted_choice(open_places, [room[place] for place in open_places], rng)
        places[place].append(card)
        room[place] -= 1
    hands = tuple(
        tuple(view.hand) if seat == me and not constraints.hand_hidden else tuple(places[seat])
        for seat in range(seats)
    )
    kitty = (*constraints.my_kitty, *places[constraints.given], *places[constraints.kitty])
    discard = places[constraints.discard][0] if places[constraints.discard] else None
    return World(hands=hands, kitty=kitty, discard=discard)


def weighted_choice(population: list[int], weights: list[int], rng: random.Random) -> int:
    """`rng.choices(population, weights)[0]` written out: the same draw from the same one
    `random()`, at a third of the cost (choices was a tenth of a strong decision's CPU)."""
    cumulative = list(accumulate(weights))
    return population[bisect(cumulative, rng.random() * cumulative[-1], 0, len(cumulative) - 1)]


def fitted_world(
    view: SeatView,
    rules: RuleOptions,
    constraints: Constraints,
    world: World,
    strict: bool = True,
) -> World | None:
    """The world if it meets the facts no place-by-place rule can say (an exchange's two kept
    cards, the call-ace partner), with the partner the engine would name in it; else None."""
    if (
        strict
        and constraints.sizes[constraints.given]
        and not exchange_fits(view, rules, constraints, world)
    ):
        return None
    if view.called_suit is None:
        return world
    partner = called_partner(view, rules, constraints.played, world.hands, strict)
    if partner is False:
        return None
    return replace(world, partner=partner)


# ---- seed 003's exchanges ------------------------------------------------------------------


def _may_give(card: str, rules: RuleOptions) -> bool:
    """A card a farmer's hand or an ace no face can hold: no face card; an ace or the Benny
    only for an ace no face (the Benny is no face card: seed 003 excludes it from the farmer's
    hand only)."""
    if card[0] in FACE_RANKS:
        return False
    return not (card[0] == "A" or card in BENNY_CARDS) or rules.ace_no_face


def exchange_fits(
    view: SeatView, rules: RuleOptions, constraints: Constraints, world: World
) -> bool:
    """The exchanging seat was dealt a farmer's hand (no ace, no Benny) or an ace no face (one
    ace, perhaps the Benny): it gave the kitty's first three cards and kept two of those it held
    after the exchange."""
    seat = view.exchange_seat
    assert seat is not None
    start = len(constraints.my_kitty)
    given = world.kitty[start : start + 3]
    given_aces = sum(card[0] == "A" for card in given)
    given_bennies = sum(card in BENNY_CARDS for card in given)
    after = bidding_hand(view, constraints, world, seat)
    fitting = [card for card in after if _may_give(card, rules)]
    aces = sum(card[0] == "A" for card in fitting)
    bennies = sum(card in BENNY_CARDS for card in fitting)
    plain = len(fitting) - aces - bennies
    for kept_aces in (0, 1):
        for kept_bennies in (0, 1):
            kept_plain = 2 - kept_aces - kept_bennies
            dealt_aces = given_aces + kept_aces
            farmers = dealt_aces == 0 and given_bennies + kept_bennies == 0
            kind_allows = (farmers and rules.farmers_hand) or (
                dealt_aces == 1 and rules.ace_no_face
            )
            if not kind_allows or kept_plain < 0:
                continue
            if aces >= kept_aces and bennies >= kept_bennies and plain >= kept_plain:
                return True
    return False


# ---- the bids as evidence ------------------------------------------------------------------


def _bid_probability(points: float) -> float:
    return 1.0 / (1.0 + math.exp(-(points - BID_POINTS) / BID_SPREAD))


def bidding_hand(view: SeatView, constraints: Constraints, world: World, seat: int) -> list[str]:
    """The seat's cards when it bid, in this world: its hand now, the cards it played, and for
    whoever picked up the up card, its discard instead of the up card."""
    cards = list(world.hands[seat]) + list(constraints.played[seat])
    if seat == view.taker:
        if view.upcard in cards:
            cards.remove(view.upcard)
        discard = world.discard if seat != constraints.seat else view.my_discard
        if discard is not None:
            cards.append(discard)
    return cards


def bid_likelihood(
    view: SeatView, rules: RuleOptions, constraints: Constraints, world: World
) -> float:
    """How likely the other seats' bids were with the hands of this world, up to a constant: a
    product over their bids of a smooth 'would a club player bid here' probability. Round 0
    (a blind or forced naming) tells nothing; seven-card hands count as five."""
    likelihood = 1.0
    up_suit = view.upcard_suit
    scale = 5 / rules.hand_size
    partners = view.seats == 4 and rules.partnerships
    for bid in view.bids:
        seat = bid.seat
        if seat == constraints.seat or seat in (view.went_under_seat, view.exchange_seat):
            continue
        if bid.round == 0 or (up_suit is None and bid.round == 1):
            continue
        cards = bidding_hand(view, constraints, world, seat)
        if bid.round == 1:
            assert up_suit is not None
            points = suit_strength(cards, up_suit) * scale
            share = trump_points(view.upcard, up_suit)
            if seat == view.dealer:
                points += share
            elif partners and ((seat + 2) % 4 == view.dealer or rules.partner_takes_upcard):
                points += 0.5 * share  # my partner takes it (seed 003's partner takes upcard)
            else:
                points -= 0.5 * share + 0.3
            bid_p = _bid_probability(points)
            likelihood *= bid_p if bid.call == ORDER_UP else 1.0 - bid_p
        elif bid.call == PASS:
            best = max(suit_strength(cards, suit) for suit in SUITS if suit != up_suit)
            likelihood *= 1.0 - _bid_probability(best * scale)
        elif bid.call.startswith("call:") and bid.call[5:] != NO_TRUMP:
            likelihood *= _bid_probability(suit_strength(cards, bid.call[5:]) * scale)
    return max(likelihood, 0.02)
