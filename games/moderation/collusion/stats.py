"""Upper tails of the distributions the collusion review tests against, with the standard
library only (scipy is not a runtime dependency). Each returns P(X >= observed) under chance."""

from __future__ import annotations

import math
from collections.abc import Sequence


def poisson_upper_tail(observed: int, expected: float) -> float:
    """P(X >= observed) for X ~ Poisson(expected): how often chance alone gives as many."""
    if observed <= 0:
        return 1.0
    if expected <= 0:
        return 0.0
    # 1 - P(X <= observed - 1), summed in log space so large counts do not overflow
    below = 0.0
    log_term = -expected  # log P(X = 0)
    for count in range(observed):
        if count:
            log_term += math.log(expected) - math.log(count)
        below += math.exp(log_term)
    if below < 0.5:
        return 1.0 - below
    # near 1 the subtraction loses the tail: sum the tail itself instead
    tail, log_term = 0.0, log_term + math.log(expected) - math.log(observed)
    count = observed
    while True:
        term = math.exp(log_term)
        tail += term
        if term < tail * 1e-16 or count > observed + 100_000:
            return min(1.0, tail)
        count += 1
        log_term += math.log(expected) - math.log(count)


def normal_upper_tail(z: float) -> float:
    """P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def two_proportion_upper_tail(
    wins_a: int, games_a: int, wins_b: int, games_b: int
) -> tuple[float, float]:
    """The one-sided two-proportion z-test of "rate a is above rate b" with the pooled
    standard error: (z, P(Z >= z)). Both samples must be non-empty."""
    if games_a <= 0 or games_b <= 0:
        raise ValueError("both samples need at least one game")
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1.0 - pooled) * (1.0 / games_a + 1.0 / games_b))
    difference = wins_a / games_a - wins_b / games_b
    if spread == 0.0:
        # every game won (or every game lost) on both sides: no difference to test
        return 0.0, 1.0
    z = difference / spread
    return z, normal_upper_tail(z)


def poisson_binomial_upper_tail(observed: int, probabilities: Sequence[float]) -> float:
    """P(X >= observed) where X counts successes of independent trials with these success
    probabilities (each trial its own chance): exact, by dynamic programming over the counts
    below `observed` (cost len(probabilities) x observed)."""
    if observed <= 0:
        return 1.0
    if observed > len(probabilities):
        return 0.0
    # counts[k] = P(k successes so far) for k < observed; counts[observed] = P(observed or
    # more), kept as its own sum (no 1 - ... at the end, which would lose a tiny tail)
    counts = [1.0] + [0.0] * observed
    for chance in probabilities:
        miss = 1.0 - chance
        counts[observed] += counts[observed - 1] * chance
        for count in range(observed - 1, 0, -1):
            counts[count] = counts[count] * miss + counts[count - 1] * chance
        counts[0] *= miss
    return min(1.0, counts[observed])


def one_in(probability: float) -> str:
    """A tail probability in words for staff: "about 1 in 2,300,000"."""
    if probability <= 0.0:
        return "less than 1 in a billion billion"
    if probability >= 0.5:
        return "about an even chance or better"
    odds = 1.0 / probability
    if odds >= 1e18:
        return "less than 1 in a billion billion"
    digits = max(0, math.floor(math.log10(odds)) - 1)
    rounded = round(odds / 10**digits) * 10**digits
    return f"about 1 in {rounded:,.0f}"
