"""Perfect-information Monte Carlo for the play of the cards.

For each of N deals consistent with the view (`sampler.py`), every card the seat may play is
solved exactly (`solver.py`), and each card's hand points for our side are averaged over the
deals. Only the points matter (makes, marches, euchres), so each deal costs a null-window search
or two per card, not an exact count. Ties go to the baseline's card (`baseline.py`).

Our side is the makers' or the defenders' in each deal: a team with partners, the lone maker
against the others two- and three-handed, and in call-ace the maker with the partner the engine
names in that deal (unknown to most seats until its card is played, so it differs from deal to
deal). A hand is worth its points to the makers (`Stakes`), the same points lost to defenders.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.engine import RuleOptions, SeatView
from games.engine.cards import DECK_INDEX, EFFECTIVE_SUIT, TRUMP_ORDER

from .baseline import baseline_action
from .cards import tables_for, to_mask
from .sampler import World, world_stream
from .solver import PlaySolver, stakes_for

MIN_SAMPLES = 6


def distinct_cards(view: SeatView, rules: RuleOptions, playable: list[str]) -> list[str]:
    """One card of each run of equivalent playable cards: touching cards of one suit in my
    hand, once every card between them has been played to an earlier trick."""
    assert view.trump is not None
    tables = tables_for(view.trump, rules)
    gone = 0
    for trick in view.tricks:
        for _, card in trick.plays:
            gone |= 1 << DECK_INDEX[card]
    mine = to_mask(playable)
    kept = []
    for card in playable:
        index = DECK_INDEX[card]
        equivalent = False
        for higher in tables.above[index]:
            if gone & higher:
                continue
            equivalent = bool(mine & higher)
            break
        if not equivalent:
            kept.append(card)
    return kept


def next_seats(seats: int, sitting_out: tuple[int, ...]) -> list[int]:
    result = []
    for seat in range(seats):
        following = (seat + 1) % seats
        while following in sitting_out:
            following = (following + 1) % seats
        result.append(following)
    return result


def makers_in(view: SeatView, rules: RuleOptions, world: World) -> tuple[int, ...]:
    """The makers' side in this deal (as the engine's `_maker_side`)."""
    maker = view.maker
    assert maker is not None
    if rules.partnerships:
        return (maker, (maker + 2) % 4)
    if world.partner is not None:
        return (maker, world.partner)
    return (maker,)


def card_values(
    view: SeatView,
    rules: RuleOptions,
    worlds: Iterable[World],
    cards: list[str],
    samples: int,
    node_budget: int | None = None,
    min_samples: int = MIN_SAMPLES,
) -> dict[str, float]:
    """Average hand points for my side of playing each of `cards` now, over `samples` worlds,
    or fewer when the solver has searched `node_budget` positions (never fewer than
    `min_samples`): the budget bounds the time, and being counted in positions, not seconds,
    keeps the choice the same on any machine."""
    assert view.seat is not None and view.trump is not None and view.maker is not None
    stakes = stakes_for(rules, view.maker_alone, view.lone_defender is not None, view.blind_alone)
    left = stakes.hand_size - len(view.tricks)
    following = next_seats(view.seats, view.sitting_out)
    players = view.seats - len(view.sitting_out)
    tables = tables_for(view.trump, rules)
    trick = [(seat, DECK_INDEX[card]) for seat, card in view.trick]
    indexes = {DECK_INDEX[card]: card for card in cards}
    totals = dict.fromkeys(cards, 0.0)
    used = nodes = 0
    for world in worlds:
        if used >= samples or (
            node_budget is not None and nodes >= node_budget and used >= min_samples
        ):
            break
        used += 1
        makers = makers_in(view, rules, world)
        my_sign = 1 if view.seat in makers else -1
        won = sum(view.tricks_by_seat[seat] for seat in makers)
        need_make, need_march = stakes.to_make - won, stakes.hand_size - won
        cuts = tuple(sorted({cut for cut in (need_make, need_march) if 0 < cut <= left}))
        hands = [
            0 if seat in view.sitting_out else to_mask(world.hands[seat])
            for seat in range(view.seats)
        ]
        solver = PlaySolver(tables, hands, following, players, makers)
        classes = _classes(solver, view.seat, trick, cuts, indexes)
        for index, reached in classes.items():
            made = need_make <= 0 or (need_make in cuts and reached > cuts.index(need_make))
            march = need_march in cuts and reached == len(cuts)
            tricks = stakes.hand_size if march else (stakes.to_make if made else 0)
            totals[indexes[index]] += my_sign * stakes.points(tricks)
        nodes += solver.nodes
    return {card: total / used for card, total in totals.items()}


def _classes(
    solver: PlaySolver,
    seat: int,
    trick: list[tuple[int, int]],
    cuts: tuple[int, ...],
    indexes: dict[int, str],
) -> dict[int, int]:
    if not cuts:
        return dict.fromkeys(indexes, 0)
    classes = {}
    for index in indexes:
        reached = 0
        for cut in cuts:
            if solver._after(index, seat, trick, cut - 1, cut) < cut:
                break
            reached += 1
        classes[index] = reached
    return classes


def choose_card_by_search(
    view: SeatView,
    rules: RuleOptions,
    rng: random.Random,
    samples: int,
    node_budget: int | None = None,
) -> str:
    """The card to play: `view.legal_actions` must be the honest ones (`honest_view`)."""
    playable = [action[5:] for action in view.legal_actions]
    fallback = baseline_action(view, rules)[5:]
    if len(playable) == 1 or samples <= 0:
        return fallback
    candidates = distinct_cards(view, rules, playable)
    if len(candidates) == 1:
        return candidates[0]
    worlds = world_stream(view, rules, rng)
    values = card_values(view, rules, worlds, candidates, samples, node_budget)
    best = max(values.values())
    tied = [card for card in candidates if values[card] >= best - 1e-9]
    if fallback in tied:
        return fallback
    # the fallback's card was an equivalent of one of the kept cards, or it scores less
    assert view.trump is not None
    order, effective = TRUMP_ORDER[view.trump], EFFECTIVE_SUIT[view.trump]
    return min(tied, key=lambda c: (c in order, order.get(c, 0), effective[c], DECK_INDEX[c]))
