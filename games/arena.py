"""The arena: how much stronger one computer player is than another, in points per hand.

    python -m games.arena --a strong --b baseline --deals 1000 [--seed S] [--rules going_under=1]
    python -m games.arena --all-pairs --deals 200        # every pair: a Markdown table

Duplicate deals: deal i is one hand (seed f"{seed}/{i}", hand 0 of it, dealer i % 4) played
twice, once with A in seats 0 and 2 and once with A in seats 1 and 3, so that both sides hold
the same cards. A hand is scored by its points (1 a make, 2 a march or a euchre, 4 a lone march
or a lone defender's euchre), from a 0-0 score; a hand that everybody passes scores 0. The
difference A - B per hand is averaged over the duplicate pairs, with a 95% confidence interval
from the spread of the pairs (a normal approximation: the pairs are independent).

Decision times are the CPU time of real choices only (more than one legal action), one process:
CPU time, not wall time, so that other work on a shared machine does not count. A benchmark,
not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from itertools import combinations

from games.engine import Deal, GameState, HandRecord, HandState, RuleOptions, deal_hand
from games.engine.records import EUCHRE, MARCH
from games.engine.view import seat_view
from games.players import PLAYER_KINDS, PlayerFactory
from games.players.levels import LEVELS

BASELINE = "baseline"


def factory_for(name: str) -> PlayerFactory:
    """A level ("easy", "normal", "strong"), "baseline" (rule of thumb) or a PLAYER_KINDS name."""
    if name == BASELINE:
        return PLAYER_KINDS["rule_of_thumb"]
    if name in PLAYER_KINDS:
        return PLAYER_KINDS[name]
    raise SystemExit(f"unknown player {name!r}: one of {', '.join([BASELINE, *PLAYER_KINDS])}")


@dataclass
class SideStats:
    """One side's (A's or B's) figures over every hand it played."""

    hands: int = 0
    points: int = 0
    made_trump: int = 0  # hands in which this side named trump
    marches: int = 0  # ... and took all five tricks
    euchred: int = 0  # ... and was euchred
    euchres: int = 0  # hands in which it euchred the makers
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
    pair_differences: list[float]  # per duplicate pair: (A - B) points per hand

    @property
    def difference(self) -> float:
        return mean(self.pair_differences)

    @property
    def interval(self) -> tuple[float, float]:
        return confidence_interval(self.pair_differences)


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


def play_hand(
    rules: RuleOptions,
    deal_seed: str,
    dealer: int,
    factories: Sequence[PlayerFactory],
    times: list[list[float]],
) -> HandRecord:
    """One hand from a 0-0 score; each seat's player sees only its own view. `times[seat]`
    receives the seconds of each real decision."""
    deal: Deal = deal_hand(deal_seed, 0)
    state = GameState(rules, deal_seed)
    state.hand = HandState(rules, dealer, deal, 0)
    players = [
        factory(random.Random(f"{deal_seed}/seat/{seat}")) for seat, factory in enumerate(factories)
    ]
    while not state.records:
        seat = state.hand.to_act
        assert seat is not None
        view = seat_view(state, seat)
        start = time.thread_time()
        action = players[seat].choose(view, rules)
        elapsed = time.thread_time() - start
        if len(view.legal_actions) > 1:
            times[seat].append(elapsed)
        state.apply(action, seat)
    return state.records[0]


def _count(stats: SideStats, record: HandRecord, team: int) -> None:
    stats.hands += 1
    if record.scoring_team == team:
        stats.points += record.points
    if record.maker is None:
        return
    if record.maker % 2 == team:
        stats.made_trump += 1
        stats.marches += record.outcome == MARCH
        stats.euchred += record.outcome == EUCHRE
        if record.maker_alone:
            stats.lone_hands += 1
            stats.lone_marches += record.outcome == MARCH
    elif record.outcome == EUCHRE:
        stats.euchres += 1


def run_arena(
    a: str,
    b: str,
    deals: int,
    seed: str = "arena",
    rules: RuleOptions | None = None,
    progress: bool = False,
) -> ArenaResult:
    rules = rules or RuleOptions()
    factory_a, factory_b = factory_for(a), factory_for(b)
    side = {"A": SideStats(), "B": SideStats()}
    differences = []
    for index in range(deals):
        deal_seed, dealer = f"{seed}/{index}", index % 4
        pair = 0
        for a_team in (0, 1):
            factories = [factory_a if seat % 2 == a_team else factory_b for seat in range(4)]
            times: list[list[float]] = [[], [], [], []]
            record = play_hand(rules, deal_seed, dealer, factories, times)
            for name, team in (("A", a_team), ("B", 1 - a_team)):
                _count(side[name], record, team)
                side[name].times.extend(times[team] + times[team + 2])
            a_points = record.points if record.scoring_team == a_team else 0
            b_points = record.points if record.scoring_team == 1 - a_team else 0
            pair += a_points - b_points
        differences.append(pair / 2)
        if progress and (index + 1) % 50 == 0:
            low, high = confidence_interval(differences)
            print(
                f"  {index + 1} deals: {mean(differences):+.3f} [{low:+.3f}, {high:+.3f}]",
                file=sys.stderr,
                flush=True,
            )
    return ArenaResult(a, b, deals, seed, rules, side, differences)


def format_result(result: ArenaResult) -> str:
    low, high = result.interval
    lines = [
        f"A = {result.a}, B = {result.b}; {result.deals} duplicate deals "
        f"({2 * result.deals} hands), seed {result.seed!r}, rules: {describe(result.rules)}",
    ]
    for name, player in (("A", result.a), ("B", result.b)):
        stats = result.side[name]
        lines.append(
            f"{name} {player:<9} {stats.points_per_hand():.3f} points/hand; named trump "
            f"{stats.rate(stats.made_trump, stats.hands):5.1%} of hands: marched "
            f"{stats.rate(stats.marches):5.1%}, euchred {stats.rate(stats.euchred):5.1%}; "
            f"euchred the makers {stats.rate(stats.euchres, stats.hands):5.1%} of hands; "
            f"lone {stats.rate(stats.lone_hands, stats.hands):5.1%} of hands "
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
            f"{stats.rate(stats.lone_hands, stats.hands):.1%}"
        )
    for name in ("A", "B"):
        stats = result.side[name]
        cells.append(
            f"{1000 * stats.time_quantile(0.5):.0f} / {1000 * stats.time_quantile(0.95):.0f}"
        )
    return "| " + " | ".join(cells) + " |"


def describe(rules: RuleOptions) -> str:
    defaults = RuleOptions()
    changed = [
        f"{option.name}={getattr(rules, option.name)}"
        for option in fields(rules)
        if getattr(rules, option.name) != getattr(defaults, option.name)
    ]
    return ", ".join(changed) or "defaults"


def parse_rules(text: str) -> RuleOptions:
    """ "going_under=1,target_score=11,opening_lead=dealer_left" to RuleOptions."""
    values: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, raw = item.partition("=")
        default = getattr(RuleOptions(), name, None)
        if isinstance(default, bool):
            values[name] = raw.lower() in ("1", "true", "yes", "on", "")
        elif isinstance(default, int):
            values[name] = int(raw)
        else:
            values[name] = raw
    return RuleOptions.from_dict(values)


def all_pairs() -> list[tuple[str, str]]:
    """Every pair of levels and the baseline, the stronger-meant player as A: each level
    against the baseline, then each level against every level below it."""
    levels = list(LEVELS)
    pairs = [(level, BASELINE) for level in levels]
    pairs += [(high, low) for low, high in combinations(levels, 2)]
    return pairs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default=BASELINE)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--rules", default="")
    parser.add_argument("--all-pairs", action="store_true")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules)
    if not args.all_pairs:
        print(format_result(run_arena(args.a, args.b, args.deals, args.seed, rules, args.progress)))
        return
    rows = []
    for a, b in all_pairs():
        result = run_arena(a, b, args.deals, args.seed, rules, args.progress)
        print(format_result(result), file=sys.stderr, flush=True)
        rows.append(table_row(result))
    print(f"Rules: {describe(rules)}; seed {args.seed!r}; {args.deals} duplicate deals per pair.\n")
    print(TABLE_HEADER)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
