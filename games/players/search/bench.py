"""The search's speed: `python -m games.players.search.bench [--games N] [--variant NAME ...]`.

For each preset (`games.engine.presets`, the standard game by default) it prints
- the solver's cost on full deals from the opening lead (the two null-window searches the
  searched bids make: makes? marches?), in CPU milliseconds and positions per deal;
- the normal and strong levels' decision times over the first hands of N seeded games (CPU
  time of real choices only, more than one legal action), and a fingerprint of every action
  they chose: the same fingerprint before and after a change means the same play.
A benchmark, not a test: CPU time, not wall time, so other work on the machine does not count.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from collections.abc import Callable

from games.engine import GameState, HandState, RuleOptions, preset_rules
from games.engine.view import seat_view

from ..levels import NormalPlayer, StrongPlayer
from .card_play import next_seats
from .cards import tables_for, to_mask
from .solver import PlaySolver, stakes_for

HANDS_PER_GAME = 3


def played_to_the_lead(rules: RuleOptions, seed: str) -> HandState | None:
    """Hand 0 of a seeded game, bid by random legal actions until the opening lead."""
    state = GameState(rules, seed)
    rng = random.Random(seed)
    while state.hand.phase != "play":
        if state.records:
            return None  # passed out or thrown in
        state.apply(rng.choice(state.hand.honest_actions()))
    return state.hand


def solver_cost(rules: RuleOptions, deals: int) -> tuple[float, float]:
    """CPU milliseconds and positions per full deal (makes? then marches?)."""
    elapsed = positions = solved = 0.0
    for number in range(deals * 3):
        hand = played_to_the_lead(rules, f"solver/{number}")
        if hand is None:
            continue
        assert hand.trump is not None and hand.leader is not None
        out = tuple(seat for seat in range(hand.seats) if not hand.active[seat])
        masks = [to_mask(cards) if hand.active[s] else 0 for s, cards in enumerate(hand.hands)]
        stakes = stakes_for(rules, hand.maker_alone, hand.lone_defender is not None)
        start = time.process_time()
        solver = PlaySolver(
            tables_for(hand.trump, rules),
            masks,
            next_seats(hand.seats, out),
            hand.players,
            hand.makers,
        )
        solver.reaches(hand.leader, stakes.to_make)
        solver.reaches(hand.leader, stakes.hand_size)
        elapsed += time.process_time() - start
        positions += solver.nodes
        solved += 1
        if solved == deals:
            break
    return elapsed / solved * 1000, positions / solved


def decisions(
    rules: RuleOptions, factory: Callable[[random.Random], object], games: int
) -> tuple[list[float], str]:
    times: list[float] = []
    digest = hashlib.sha256()
    for game in range(games):
        state = GameState(rules, f"bench/1/{game}")
        players = [factory(random.Random(f"1/{game}/{seat}")) for seat in range(rules.seats)]
        while state.winner is None and len(state.records) < HANDS_PER_GAME:
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            start = time.process_time()
            action = players[seat].choose(view, rules)  # type: ignore[attr-defined]
            if len(view.honest_actions) > 1:
                times.append(time.process_time() - start)
            digest.update(action.encode())
            state.apply(action, seat)
    return sorted(times), digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--variant", action="append", default=None, help="a preset name")
    args = parser.parse_args(argv)
    for name in args.variant or ["standard"]:
        rules = preset_rules(name)
        milliseconds, positions = solver_cost(rules, args.deals)
        print(f"{name}: solver, full deal: {milliseconds:.2f} ms CPU, {positions:.0f} positions")
        for level, factory in (("normal", NormalPlayer), ("strong", StrongPlayer)):
            times, fingerprint = decisions(rules, factory, args.games)
            mean, p50 = statistics.mean(times) * 1000, statistics.median(times) * 1000
            p95 = times[int(0.95 * len(times))] * 1000
            print(
                f"{name}: {level}: {len(times)} decisions, mean {mean:.1f} ms, p50 {p50:.1f} ms, "
                f"p95 {p95:.1f} ms CPU; choices {fingerprint}"
            )


if __name__ == "__main__":
    from games.collector import long_running_gc

    long_running_gc()  # as in the workers' children, so the decision times are theirs
    main()
