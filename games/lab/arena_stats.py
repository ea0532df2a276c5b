"""The arena's figures and how they are printed: each side's statistics, the mean difference
with its 95% interval, decision-time quantiles, the report and the Markdown tables
(see `games/lab/arena.py`)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, fields

from games.engine import RuleOptions


@dataclass
class SideStats:
    """One side's (A's or B's) figures over every hand it played. A side's "units" are its team
    with partners, else each seat it holds: the rates are per unit and hand."""

    hands: int = 0  # plays of a deal
    points: float = 0.0  # per play: the team's points, or the mean of the side's seats'
    units: int = 0  # (play, team or seat) pairs
    made_trump: int = 0  # units that named trump
    marches: int = 0  # ... and took every trick
    euchred: int = 0  # ... and were euchred
    euchres: int = 0  # units that defended and euchred the makers
    lone_hands: int = 0
    lone_marches: int = 0
    times: list[float] = field(default_factory=list)  # seconds per real decision

    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    def rate(self, count: int, total: int | None = None) -> float:
        total = self.made_trump if total is None else total
        return count / total if total else 0.0

    def time_quantile(self, q: float) -> float:
        return quantile(self.times, q)


@dataclass
class ArenaResult:
    a: str
    b: str
    deals: int
    seed: str
    rules: RuleOptions
    side: dict[str, SideStats]
    pair_differences: list[float]  # per deal: (A - B) points per hand over its seatings
    variant: str = ""  # the preset's name, when one was asked for

    @property
    def difference(self) -> float:
        return mean(self.pair_differences)

    @property
    def interval(self) -> tuple[float, float]:
        return confidence_interval(self.pair_differences)

    @property
    def hands(self) -> int:
        return self.side["A"].hands


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def confidence_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the mean: mean ± z * sample standard deviation / sqrt(n)."""
    centre = mean(values)
    if len(values) < 2:
        return (centre, centre)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (centre - half, centre + half)


def format_result(result: ArenaResult) -> str:
    low, high = result.interval
    variant = f"variant {result.variant}, " if result.variant else ""
    lines = [
        f"A = {result.a}, B = {result.b}; {result.deals} duplicate deals "
        f"({result.hands} hands), seed {result.seed!r}, {variant}rules: {describe(result.rules)}",
    ]
    for name, player in (("A", result.a), ("B", result.b)):
        stats = result.side[name]
        lines.append(
            f"{name} {player:<9} {stats.points_per_hand():.3f} points/hand; named trump "
            f"{stats.rate(stats.made_trump, stats.units):5.1%} of hands: marched "
            f"{stats.rate(stats.marches):5.1%}, euchred {stats.rate(stats.euchred):5.1%}; "
            f"euchred the makers {stats.rate(stats.euchres, stats.units):5.1%} of hands; "
            f"lone {stats.rate(stats.lone_hands, stats.units):5.1%} of hands "
            f"(marched {stats.rate(stats.lone_marches, stats.lone_hands):5.1%}); "
            f"decision p50 {1000 * stats.time_quantile(0.5):.1f} ms, "
            f"p95 {1000 * stats.time_quantile(0.95):.1f} ms ({len(stats.times)} decisions)"
        )
    lines.append(f"A - B: {result.difference:+.3f} points/hand, 95% CI [{low:+.3f}, {high:+.3f}]")
    return "\n".join(lines)


TABLE_HEADER = (
    "| A | B | deals | A pts/hand | B pts/hand | A - B (95% CI) "
    "| A march / euchred (of its bids) / lone (of hands) "
    "| B march / euchred / lone | A p50 / p95 ms (CPU) | B p50 / p95 ms (CPU) |\n"
    "|---|---|---:|---:|---:|---|---|---|---:|---:|"
)


def table_row(result: ArenaResult) -> str:
    low, high = result.interval
    cells = [result.a, result.b, str(result.deals)]
    cells += [f"{result.side[name].points_per_hand():.3f}" for name in ("A", "B")]
    cells.append(f"{result.difference:+.3f} [{low:+.3f}, {high:+.3f}]")
    for name in ("A", "B"):
        stats = result.side[name]
        cells.append(
            f"{stats.rate(stats.marches):.0%} / {stats.rate(stats.euchred):.0%} / "
            f"{stats.rate(stats.lone_hands, stats.units):.1%}"
        )
    for name in ("A", "B"):
        stats = result.side[name]
        cells.append(
            f"{1000 * stats.time_quantile(0.5):.0f} / {1000 * stats.time_quantile(0.95):.0f}"
        )
    return "| " + " | ".join(cells) + " |"


VARIANT_TABLE_HEADER = (
    "| variant | A | B | deals | hands | A pts/hand | B pts/hand | A - B (95% CI) "
    "| A p95 ms (CPU) |\n"
    "|---|---|---|---:|---:|---:|---:|---|---:|"
)


def variant_row(result: ArenaResult) -> str:
    low, high = result.interval
    a, b = result.side["A"], result.side["B"]
    cells = [
        result.variant or describe(result.rules),
        result.a,
        result.b,
        str(result.deals),
        str(result.hands),
        f"{a.points_per_hand():.3f}",
        f"{b.points_per_hand():.3f}",
        f"{result.difference:+.3f} [{low:+.3f}, {high:+.3f}]",
        f"{1000 * a.time_quantile(0.95):.0f}",
    ]
    return "| " + " | ".join(cells) + " |"


def describe(rules: RuleOptions) -> str:
    defaults = RuleOptions()
    changed = [
        f"{option.name}={getattr(rules, option.name)}"
        for option in fields(rules)
        if getattr(rules, option.name) != getattr(defaults, option.name)
    ]
    return ", ".join(changed) or "defaults"
