"""Strong's card play between cards worth the same points: the one that takes the most tricks
in the same sampled deals (a margin against what the deals got wrong)."""

from __future__ import annotations

import random

import pytest

from games.engine import GameState, HandState
from games.engine.view import seat_view
from games.players.search.baseline import honest_view
from games.players.search.card_play import (
    card_tricks,
    card_values,
    choose_card_by_search,
    distinct_cards,
)
from games.players.search.sampler import World, world_stream
from tests.games.players.test_search_solver import brute_force, random_ending


def view_of(hand: HandState):
    state = GameState(hand.rules, "tie-break")
    state.hand = hand
    return honest_view(seat_view(state, hand.to_act))


def true_world(hand: HandState) -> World:
    return World(
        hands=tuple(tuple(cards) for cards in hand.hands),
        kitty=tuple(hand.kitty),
        discard=hand.discarded,
    )


@pytest.mark.parametrize("seed", range(12))
def test_tricks_of_each_card_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(f"tie-break/{seed}")
    hand = random_ending(rng, rng.randrange(8, 13))
    if hand.phase != "play":
        pytest.skip("the random hand ended early")
    view = view_of(hand)
    cards = [action[5:] for action in view.legal_actions]
    maker_team, mine = hand.maker % 2, hand.to_act % 2 == hand.maker % 2
    left = hand.rules.hand_size - len(hand.tricks)
    expected = {}
    for card in cards:
        child = hand.clone()
        before = child.tricks_won[maker_team]
        child.apply("play:" + card)
        makers = child.tricks_won[maker_team] - before + brute_force(child, maker_team)
        expected[card] = makers if mine else left - makers
    assert card_tricks(view, hand.rules, [true_world(hand)], cards) == expected


def choices(count: int):
    """Random hands in play where the seat to act has at least two different cards."""
    seed = 0
    while count:
        seed += 1
        rng = random.Random(f"tie-break-choice/{seed}")
        hand = random_ending(rng, rng.randrange(0, 9))
        if hand.phase != "play":
            continue
        view = view_of(hand)
        playable = [action[5:] for action in view.legal_actions]
        candidates = distinct_cards(view, hand.rules, playable)
        if len(candidates) >= 2:
            count -= 1
            yield seed, hand, view, candidates


def test_the_card_chosen_takes_the_most_tricks_of_those_worth_the_most() -> None:
    samples, broken_ties = 12, 0
    for seed, hand, view, candidates in choices(25):
        chosen = choose_card_by_search(
            view, hand.rules, random.Random(seed), samples, tie_break_tricks=True
        )
        # the same deals, drawn again from the same seed
        worlds: list[World] = []
        stream = world_stream(view, hand.rules, random.Random(seed))
        values = card_values(view, hand.rules, stream, candidates, samples, used_worlds=worlds)
        best = max(values.values())
        tied = [card for card in candidates if values[card] >= best - 1e-9]
        tricks = card_tricks(view, hand.rules, worlds, tied)
        assert chosen in tied, seed
        assert tricks[chosen] == max(tricks.values()), seed
        broken_ties += len(set(tricks.values())) > 1
    assert broken_ties >= 3  # the tie-break really decided some of these
