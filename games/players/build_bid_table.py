"""Builds `bid_table.json`: what bidding is worth over passing, learned from search.

    python -m games.players.build_bid_table --deals 700 --samples 16 --played 2 --seed bids --jobs 2

Deals single hands of the standard game and walks each auction with the rule-of-thumb bids.
At every bid a seat could make (an order-up in the first round, its best suit in the second;
not the dealer stuck with the last call), the bid and a pass are both tried in `--samples` deals
consistent with that seat's view, each played on to the end: the rest of the auction by the
rule of thumb, the play solved with every card known and corrected for what real play makes of
it (`search/calibration.py`). The paired gain of bidding is added to its cell: (round, seat
after the dealer, the rule of thumb's point count of the bid rounded down). The JSON written to
stdout has each cell's count, mean gain and its spread; `bid_table.py` reads it.

With `--played K` the bids of counts near the thresholds (`PLAYED`) are also played out in the
first K of those deals by players who see only their own cards (`search/played.py`: normal's
card play for every seat, which costs a sixth of strong's), and the cell's gain is the played
one, the solved gain kept beside it as `solved_gain`: the calibration corrects solved play
only on average over all hands, and a marginal bid is where solved play flatters most.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from multiprocessing import Pool
from pathlib import Path

from games.engine import GameState, HandState, RuleOptions, SeatView, deal_hand
from games.engine.actions import CALL, ORDER_UP, PASS
from games.engine.hand import BID1, BID2
from games.engine.view import seat_view

from .bid_table import bid_count, cell_key
from .search.baseline import baseline_action
from .search.bidding import Candidate, play_out, world_state
from .search.played import played_points
from .search.sampler import world_stream

RULES = RuleOptions()
COUNTED = (2.0, 11.0)  # counts outside this range are plain bids or passes: not searched
# counts whose bids are also played out (--played): the others are far from every threshold
PLAYED = (3.0, 8.0)
# the card play of the played-out bids: normal's (levels.py), strong's costing 6 times more
PLAYERS = (8, 2_500)  # (samples, solver positions) a decision


def searched_gain(
    view: SeatView,
    rules: RuleOptions,
    bid: str,
    samples: int,
    rng: random.Random,
    played: int = 0,
    label: str = "",
) -> tuple[float, float | None]:
    """Mean points of `bid` minus a pass over `samples` deals consistent with the view, the
    play solved (and calibrated); and over the first `played` of them, the play played out by
    `played_points`' players (None when `played` is 0)."""
    seat = view.seat
    assert seat is not None  # the view of the seat to bid
    gains, real = [], []
    for used, world in enumerate(world_stream(view, rules, rng)):
        if used >= samples:
            break
        base = world_state(view, rules, world)
        mine = play_out(base.clone(), seat, Candidate(bid), rules, view.score)
        passed = play_out(base.clone(), seat, Candidate(PASS), rules, view.score)
        gains.append(mine - passed)
        if used < played:
            seed = f"{label}/{used}"  # the same players for the bid and the pass
            real.append(
                played_points(base.clone(), seat, bid, rules, view.score, seed, *PLAYERS)
                - played_points(base.clone(), seat, PASS, rules, view.score, seed, *PLAYERS)
            )
    return sum(gains) / len(gains), (sum(real) / len(real) if real else None)


def walk_auction(args: tuple[str, int, int, int]) -> list[tuple[str, float, float | None]]:
    """Deal `index`: (cell, gain of bidding solved, gain played) for each seat's bid decision
    in its auction."""
    seed, index, samples, played = args
    deal_seed = f"{seed}/{index}"
    state = GameState(RULES, deal_seed)
    state.hand = HandState(RULES, index % 4, deal_hand(deal_seed, 0, RULES), 0)
    rng = random.Random(deal_seed)
    found = []
    while state.hand.phase in (BID1, BID2):
        seat = state.hand.to_act
        assert seat is not None
        view = seat_view(state, seat)
        count, suit = bid_count(view, RULES)
        if PASS in view.legal_actions and COUNTED[0] <= count < COUNTED[1]:
            bid = ORDER_UP if view.phase == BID1 else CALL[suit]
            to_play = played if PLAYED[0] <= count < PLAYED[1] else 0
            label = f"{deal_seed}/{len(view.bids)}"
            gain, real = searched_gain(view, RULES, bid, samples, rng, to_play, label)
            found.append((cell_key(view, count), gain, real))
        state.apply(baseline_action(view, RULES), seat)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--played", type=int, default=0, help="deals a bid is played out in")
    parser.add_argument("--seed", default="bids")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--partial", type=Path, help="a file rewritten with the table so far")
    args = parser.parse_args(argv)
    cells: dict[str, list[tuple[float, float | None]]] = {}
    work = [(args.seed, index, args.samples, args.played) for index in range(args.deals)]
    with Pool(args.jobs) as pool:
        for done, found in enumerate(pool.imap_unordered(walk_auction, work, 2), start=1):
            for key, gain, real in found:
                cells.setdefault(key, []).append((gain, real))
            if done % 50 == 0:
                print(f"  {done} deals, {sum(map(len, cells.values()))} bids", file=sys.stderr)
                if args.partial:  # a long run's table so far, should it have to be cut short
                    args.partial.write_text(table_json(cells, args, done))
    print(table_json(cells, args, args.deals))


def _mean_and_spread(values: list[float]) -> tuple[float, float]:
    average = sum(values) / len(values)
    spread = math.sqrt(sum((v - average) ** 2 for v in values) / max(len(values) - 1, 1))
    return round(average, 4), round(spread, 4)


def table_json(
    cells: dict[str, list[tuple[float, float | None]]], args: argparse.Namespace, deals: int
) -> str:
    """Each cell's bids, mean gain and its spread: the played gain when the bids were played
    out (the solved one kept beside it, to compare), else the solved gain."""
    table = {}
    for key, found in sorted(cells.items()):
        solved = [gain for gain, _ in found]
        real = [gain for _, gain in found if gain is not None]
        gain, spread = _mean_and_spread(real or solved)
        table[key] = {"n": len(found), "gain": gain, "sd": spread}
        if real:
            table[key]["solved_gain"] = _mean_and_spread(solved)[0]
    command = (
        f"python -m games.players.build_bid_table --deals {args.deals} "
        f"--samples {args.samples} --seed {args.seed}"
        + (f" --played {args.played}" if args.played else "")
    )
    cells_text = ",\n".join(
        f" {json.dumps(key)}: {json.dumps(cell)}" for key, cell in table.items()
    )
    head = json.dumps({"command": command, "deals_done": deals})[:-1]
    return f'{head}, "cells": {{\n{cells_text}\n}}}}\n'


if __name__ == "__main__":
    main()
