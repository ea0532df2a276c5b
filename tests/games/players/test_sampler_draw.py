"""The sampler's weighted draw of a card's place is `random.choices`' own draw, written out for
speed (games/players/search/sampler.py): the same place from the same generator, so every
sampled deal, and every choice a computer makes, is the one it made before."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from games.players.search.sampler import weighted_choice


@given(
    weights=st.lists(st.integers(min_value=1, max_value=8), min_size=1, max_size=6),
    seed=st.integers(min_value=0, max_value=2**32),
    draws=st.integers(min_value=1, max_value=30),
)
def test_the_draw_is_random_choices_draw_from_the_same_generator(weights, seed, draws):
    places = [3 * index + 1 for index in range(len(weights))]
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(draws):
        assert weighted_choice(places, weights, ours) == theirs.choices(places, weights)[0]
    assert ours.random() == theirs.random()  # one random() a draw, as choices takes


def test_the_draw_follows_the_weights():
    rng = random.Random("weights")
    counts = {0: 0, 1: 0}
    for _ in range(20_000):
        counts[weighted_choice([0, 1], [1, 3], rng)] += 1
    assert 0.72 < counts[1] / 20_000 < 0.78
