"""The probability tails of the collusion review, against their formulas."""

from __future__ import annotations

import math

import pytest

from games.moderation.collusion.stats import (
    one_in,
    poisson_binomial_upper_tail,
    poisson_upper_tail,
    two_proportion_upper_tail,
)

# ---- the tails ---------------------------------------------------------------------------------


def test_the_poisson_tail_matches_its_formula_and_keeps_tiny_tails():
    assert poisson_upper_tail(1, 2.0) == pytest.approx(1 - math.exp(-2.0))
    assert poisson_upper_tail(3, 1.0) == pytest.approx(1 - 2.5 * math.exp(-1.0))
    assert poisson_upper_tail(0, 5.0) == 1.0
    tiny = poisson_upper_tail(40, 1.0)  # 1 - P(X < 40) would round to 0
    assert 0.0 < tiny < 1e-40
    assert tiny == pytest.approx(math.exp(-1.0) / math.factorial(40), rel=0.05)


def test_the_poisson_binomial_tail_is_the_binomial_when_every_chance_is_equal():
    n, p = 30, 0.3
    for observed in (0, 5, 9, 20, 30):
        binomial = sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(observed, n + 1))
        assert poisson_binomial_upper_tail(observed, [p] * n) == pytest.approx(binomial)
    assert poisson_binomial_upper_tail(31, [p] * n) == 0.0
    assert 0.0 < poisson_binomial_upper_tail(30, [0.1] * 30) == pytest.approx(1e-30)


def test_the_two_proportion_test_by_hand():
    z, tail = two_proportion_upper_tail(30, 40, 50, 100)  # 75% against 50%
    pooled = 80 / 140
    spread = math.sqrt(pooled * (1 - pooled) * (1 / 40 + 1 / 100))
    assert z == pytest.approx(0.25 / spread)
    assert tail == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)))
    assert two_proportion_upper_tail(10, 10, 5, 5) == (0.0, 1.0)  # all won on both sides
    with pytest.raises(ValueError):
        two_proportion_upper_tail(1, 0, 1, 2)


def test_tails_in_words():
    assert one_in(1 / 2345678) == "about 1 in 2,300,000"
    assert one_in(0.02) == "about 1 in 50"
    assert one_in(0.7) == "about an even chance or better"
    assert one_in(0.0) == "less than 1 in a billion billion"
