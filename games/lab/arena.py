"""The arena: how much stronger one computer player is than another, in points per hand.

    python -m games.lab.arena --a strong --b baseline --deals 1000 [--seed S] \\
        [--rules going_under=1]
    python -m games.lab.arena --a strong --b baseline --deals 200 --variant three_handed
    python -m games.lab.arena --all-pairs --deals 200        # every pair: a Markdown table
    python -m games.lab.arena --all-variants --deals 200     # A against B in every preset: a table

Duplicate deals: deal i is one hand (seed f"{seed}/{i}", hand 0 of it, dealer i mod the number
of seats) played once per seating, every player seeing only its own view:

- partnerships (the four-player game and its presets): twice, A in seats 0 and 2 then in seats
  1 and 3, so that both sides hold the same cards; A - B is A's team's points minus B's;
- two-handed: twice, A in seat 0 then in seat 1 (B in the other);
- three-handed and call-ace (each player keeps their own score): once per seat, A in that seat
  and B in all the others, so that A holds every hand of the deal once. A - B is A's points
  minus the mean points of B's seats at that table: "how much more does one A score than a B
  would in its place". (Every seat is held by A once and by B the other times, so a player
  against itself scores exactly 0; the defenders of a three-handed hand play together, so this
  measures A both alone against two Bs and as a Bs' fellow defender.)

A hand is scored by the points it adds to each score from 0-0 (1 a make, 2 a march or a euchre,
4 a lone march or a lone defender's euchre, and the variants' own: 2 to each defender of a
three-handed euchre, Robson's 5 for a blind march); a hand that everybody passes, or that is
redealt, scores 0. A - B per hand is averaged over the deals, with a 95% confidence interval
from the spread of the per-deal differences (a normal approximation: the deals are independent).

Decision times are the CPU time of real choices only (more than one honest action), one process:
CPU time, not wall time, so that other work on a shared machine does not count. A benchmark,
not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from games.engine import PRESETS, GameState, HandRecord, HandState, RuleOptions, deal_hand
from games.engine.errors import InvalidRules
from games.engine.phases import DONE
from games.engine.presets import preset_rules
from games.engine.records import EUCHRE, MARCH
from games.engine.view import seat_view
from games.lab.arena_stats import (
    TABLE_HEADER,
    VARIANT_TABLE_HEADER,
    ArenaResult,
    SideStats,
    confidence_interval,
    describe,
    format_result,
    mean,
    quantile,
    table_row,
    variant_row,
)
from games.players import PLAYER_KINDS, PlayerFactory, player_name
from games.players.levels import LEVELS

BASELINE = "baseline"
Player = str | PlayerFactory  # a name for `factory_for`, or a factory (experiments, tests)


def factory_for(name: Player) -> PlayerFactory:
    """A level ("easy", "normal", "strong"), "baseline" (rule of thumb) or a PLAYER_KINDS name;
    a factory is taken as it is."""
    if not isinstance(name, str):
        return name
    if name == BASELINE:
        return PLAYER_KINDS["rule_of_thumb"]
    if name in PLAYER_KINDS:
        return PLAYER_KINDS[name]
    raise SystemExit(f"unknown player {name!r}: one of {', '.join([BASELINE, *PLAYER_KINDS])}")


def label(name: Player) -> str:
    return name if isinstance(name, str) else player_name(name)


def seatings(rules: RuleOptions) -> list[tuple[int, ...]]:
    """A's seats in each play of a deal (B holds the others); see the module's docstring."""
    if rules.partnerships:
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(rules.seats)]


def play_hand(
    rules: RuleOptions,
    deal_seed: str,
    dealer: int,
    factories: Sequence[PlayerFactory],
    times: list[list[float]],
) -> HandRecord:
    """One hand from a 0-0 score; each seat's player sees only its own view. `times[seat]`
    receives the seconds of each real decision."""
    state = GameState(rules, deal_seed)
    state.hand = HandState(rules, dealer, deal_hand(deal_seed, 0, rules), 0)
    if state.hand.phase == DONE:  # an upturned Benny thrown in at once (its "redeal" rule)
        return state.hand.record(score_after=(0,) * rules.scorers)
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
        if len(view.honest_actions) > 1:
            times[seat].append(elapsed)
        state.apply(action, seat)
    return state.records[0]


def _maker_side(record: HandRecord, rules: RuleOptions) -> tuple[int, ...]:
    maker = record.maker
    assert maker is not None
    if rules.partnerships:
        return (maker, (maker + 2) % 4)
    if record.partner is not None:
        return (maker, record.partner)
    return (maker,)


def _units(rules: RuleOptions, seats: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(scorer, its seats) for each unit of a side holding `seats`."""
    if rules.partnerships:
        team = seats[0] % 2
        return [(team, (team, team + 2))]
    return [(seat, (seat,)) for seat in seats]


def count_play(
    stats: SideStats, record: HandRecord, rules: RuleOptions, seats: Sequence[int]
) -> float:
    """Adds one play of a deal to a side's figures; returns the side's points in it."""
    units = _units(rules, seats)
    points = mean([record.score_after[scorer] for scorer, _ in units])
    stats.hands += 1
    stats.points += points
    makers = () if record.maker is None else _maker_side(record, rules)
    for _, unit_seats in units:
        stats.units += 1
        if record.maker is None:
            continue
        if record.maker in unit_seats:
            stats.made_trump += 1
            stats.marches += record.outcome == MARCH
            stats.euchred += record.outcome == EUCHRE
            if record.maker_alone:
                stats.lone_hands += 1
                stats.lone_marches += record.outcome == MARCH
        elif record.outcome == EUCHRE and not set(unit_seats) & set(makers):
            stats.euchres += 1
    return points


def run_arena(
    a: Player,
    b: Player,
    deals: int,
    seed: str = "arena",
    rules: RuleOptions | None = None,
    progress: bool = False,
    variant: str = "",
) -> ArenaResult:
    rules = rules or RuleOptions()
    factory_a, factory_b = factory_for(a), factory_for(b)
    side = {"A": SideStats(), "B": SideStats()}
    differences = []
    plays = seatings(rules)
    for index in range(deals):
        deal_seed, dealer = f"{seed}/{index}", index % rules.seats
        total = 0.0
        for a_seats in plays:
            b_seats = tuple(seat for seat in range(rules.seats) if seat not in a_seats)
            factories = [factory_a if seat in a_seats else factory_b for seat in range(rules.seats)]
            times: list[list[float]] = [[] for _ in range(rules.seats)]
            record = play_hand(rules, deal_seed, dealer, factories, times)
            a_points = count_play(side["A"], record, rules, a_seats)
            b_points = count_play(side["B"], record, rules, b_seats)
            for name, seats in (("A", a_seats), ("B", b_seats)):
                for seat in seats:
                    side[name].times.extend(times[seat])
            total += a_points - b_points
        differences.append(total / len(plays))
        if progress and (index + 1) % 50 == 0:
            low, high = confidence_interval(differences)
            print(
                f"  {index + 1} deals: {mean(differences):+.3f} [{low:+.3f}, {high:+.3f}]",
                file=sys.stderr,
                flush=True,
            )
    return ArenaResult(label(a), label(b), deals, seed, rules, side, differences, variant)


def parse_overrides(text: str) -> dict[str, Any]:
    """ "going_under=1,target_score=11,opening_lead=dealer_left" to rule option values."""
    values: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, raw = item.partition("=")
        default = getattr(RuleOptions(), name, None)
        if isinstance(default, bool):
            values[name] = raw.lower() in ("1", "true", "yes", "on", "")
        elif isinstance(default, int):
            values[name] = int(raw)
        else:
            values[name] = raw
    return values


def parse_rules(text: str, variant: str = "standard") -> RuleOptions:
    """A preset (`games.engine.presets.PRESETS`) with the options of `text` on top."""
    try:
        return preset_rules(variant, **parse_overrides(text))
    except InvalidRules as error:
        raise SystemExit(str(error)) from None


def all_pairs() -> list[tuple[str, str]]:
    """Every pair of levels and the baseline, the stronger-meant player as A: each level
    against the baseline, then each level against every level below it."""
    levels = list(LEVELS)
    pairs = [(level, BASELINE) for level in levels]
    pairs += [(high, low) for low, high in combinations(levels, 2)]
    return pairs


def all_variants(
    a: Player, b: Player, deals: int, seed: str, overrides: str = "", progress: bool = False
) -> list[ArenaResult]:
    """A against B in every preset (those that refuse the `overrides` are left out, with a
    note on stderr)."""
    results = []
    for name in PRESETS:
        try:
            rules = preset_rules(name, **parse_overrides(overrides))
        except InvalidRules as error:
            print(f"{name}: left out ({error})", file=sys.stderr)
            continue
        result = run_arena(a, b, deals, seed, rules, progress, variant=name)
        print(format_result(result), file=sys.stderr, flush=True)
        results.append(result)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default=BASELINE)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--rules", default="", help="options on top of the variant's")
    parser.add_argument("--variant", default="", help=f"a preset: {', '.join(PRESETS)}")
    parser.add_argument("--all-pairs", action="store_true")
    parser.add_argument("--all-variants", action="store_true")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    if args.all_variants:
        results = all_variants(args.a, args.b, args.deals, args.seed, args.rules, args.progress)
        extra = f", options {args.rules}" if args.rules else ""
        print(f"Seed {args.seed!r}; {args.deals} duplicate deals per variant{extra}.\n")
        print(VARIANT_TABLE_HEADER)
        print("\n".join(variant_row(result) for result in results))
        return
    rules = parse_rules(args.rules, args.variant or "standard")
    if not args.all_pairs:
        result = run_arena(
            args.a, args.b, args.deals, args.seed, rules, args.progress, args.variant
        )
        print(format_result(result))
        return
    rows = []
    for a, b in all_pairs():
        result = run_arena(a, b, args.deals, args.seed, rules, args.progress, args.variant)
        print(format_result(result), file=sys.stderr, flush=True)
        rows.append(table_row(result))
    variant = f"variant {args.variant}, " if args.variant else ""
    print(
        f"{variant}Rules: {describe(rules)}; seed {args.seed!r}; "
        f"{args.deals} duplicate deals per pair.\n"
    )
    print(TABLE_HEADER)
    print("\n".join(rows))


__all__ = [
    "BASELINE",
    "TABLE_HEADER",
    "VARIANT_TABLE_HEADER",
    "ArenaResult",
    "SideStats",
    "all_pairs",
    "all_variants",
    "confidence_interval",
    "count_play",
    "describe",
    "factory_for",
    "format_result",
    "main",
    "mean",
    "parse_rules",
    "play_hand",
    "quantile",
    "run_arena",
    "seatings",
    "table_row",
    "variant_row",
]

if __name__ == "__main__":
    from games.collector import long_running_gc

    long_running_gc()  # as in the workers' children, so the decision times are theirs
    main()
