"""Perfect-information Monte Carlo for the play of the cards.

For each of N deals consistent with the view (`sampler.py`), every card the seat may play is
solved exactly (`solver.py`), and each card's hand points for our team are averaged over the
deals. Only the points matter (makes, marches, euchres), so each deal costs two null-window
searches per card, not an exact count. Ties go to the rule-of-thumb player's card.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.engine import SeatView
from games.engine.cards import DECK_INDEX, EFFECTIVE_SUIT, TRUMP_ORDER

from ..rule_of_thumb import choose_card
from .cards import to_mask, trump_tables
from .sampler import World, world_stream
from .solver import PlaySolver, hand_points

MIN_SAMPLES = 6


def distinct_cards(view: SeatView, playable: list[str]) -> list[str]:
    """One card of each run of equivalent playable cards: touching cards of one suit in my
    hand, once every card between them has been played to an earlier trick."""
    assert view.trump is not None
    tables = trump_tables(view.trump)
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


def next_seats(sitting_out: tuple[int, ...]) -> list[int]:
    result = []
    for seat in range(4):
        following = (seat + 1) % 4
        while following in sitting_out:
            following = (following + 1) % 4
        result.append(following)
    return result


def card_values(
    view: SeatView,
    worlds: Iterable[World],
    cards: list[str],
    samples: int,
    node_budget: int | None = None,
    min_samples: int = MIN_SAMPLES,
) -> dict[str, float]:
    """Average hand points for my team of playing each of `cards` now, over `samples` worlds,
    or fewer when the solver has searched `node_budget` positions (never fewer than
    `min_samples`): the budget bounds the time, and being counted in positions, not seconds,
    keeps the choice the same on any machine."""
    assert view.seat is not None and view.trump is not None and view.maker is not None
    maker_team = view.maker % 2
    my_sign = 1 if view.seat % 2 == maker_team else -1
    won = view.tricks_won[maker_team]
    left = 5 - len(view.tricks)
    need3, need5 = 3 - won, 5 - won
    cuts = tuple(cut for cut in (need3, need5) if 0 < cut <= left)
    lone_defender = view.lone_defender is not None
    following = next_seats(view.sitting_out)
    players = 4 - len(view.sitting_out)
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
        hands = [0 if seat in view.sitting_out else to_mask(world.hands[seat]) for seat in range(4)]
        solver = PlaySolver(view.trump, hands, following, players, maker_team)
        classes = _classes(solver, view.seat, trick, cuts, indexes)
        for index, reached in classes.items():
            made = need3 <= 0 or (need3 in cuts and reached > cuts.index(need3))
            march = need5 in cuts and reached == len(cuts)
            tricks = 5 if march else (3 if made else 0)
            points = hand_points(tricks, view.maker_alone, lone_defender)
            totals[indexes[index]] += my_sign * points
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
    view: SeatView, rng: random.Random, samples: int, node_budget: int | None = None
) -> str:
    playable = [action[5:] for action in view.legal_actions]
    fallback = choose_card(view)
    if len(playable) == 1 or samples <= 0:
        return fallback
    candidates = distinct_cards(view, playable)
    if len(candidates) == 1:
        return candidates[0]
    values = card_values(view, world_stream(view, rng), candidates, samples, node_budget)
    best = max(values.values())
    tied = [card for card in candidates if values[card] >= best - 1e-9]
    if fallback in tied:
        return fallback
    # the fallback's card was an equivalent of one of the kept cards, or it scores less
    assert view.trump is not None
    order, effective = TRUMP_ORDER[view.trump], EFFECTIVE_SUIT[view.trump]
    return min(tied, key=lambda c: (c in order, order.get(c, 0), effective[c], DECK_INDEX[c]))
