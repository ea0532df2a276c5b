"""Counts `search/calibration.json`: how the hands solved with every card known come out in
real play.

    python -m games.players.calibrate_bidding --hands 2000 --seed calibration --jobs 2

Plays single hands with the given level in every seat (each seeing only its own view), and for
each hand that reaches the play: the makers' class when the deal is solved at the first lead
(euchred, made, marched; `search/bidding.py`'s `solved_outcome`), and the class the players
really made. The counts, by partnered and lone makers, are written as JSON to stdout. The
solver's own view of the bids is not used: whatever the players bid, a solved class is
compared with the played one on the same cards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool

from games.engine import GameState, HandState, RuleOptions, deal_hand
from games.engine.hand import PLAY_PHASE
from games.engine.view import seat_view
from games.players import PLAYER_KINDS

from .search.bidding import solved_outcome
from .search.calibration import EUCHRED, MADE, MARCHED

KINDS = ("partnered", "alone")


def real_class(maker_tricks: int, rules: RuleOptions) -> int:
    if maker_tricks < rules.tricks_to_make:
        return EUCHRED
    return MARCHED if maker_tricks >= rules.hand_size else MADE


def play_and_compare(args: tuple[str, int, str]) -> tuple[str, int, int] | None:
    """Hand `index`: (kind, solved class, real class), or None when nobody named trump."""
    seed, index, level = args
    rules = RuleOptions()
    deal_seed = f"{seed}/{index}"
    state = GameState(rules, deal_seed)
    state.hand = HandState(rules, index % 4, deal_hand(deal_seed, 0, rules), 0)
    players = [PLAYER_KINDS[level](random.Random(f"{deal_seed}/{seat}")) for seat in range(4)]
    solved = None
    while not state.records:
        hand = state.hand
        if solved is None and hand.phase == PLAY_PHASE:
            solved, _ = solved_outcome(hand, rules)
        seat = hand.to_act
        assert seat is not None
        state.apply(players[seat].choose(seat_view(state, seat), rules), seat)
    record = state.records[0]
    if solved is None or record.maker_tricks is None:
        return None
    kind = "alone" if record.maker_alone else "partnered"
    return kind, solved, real_class(record.maker_tricks, rules)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="calibration")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    counts = {kind: [[0, 0, 0] for _ in range(3)] for kind in KINDS}
    work = [(args.seed, index, args.level) for index in range(args.hands)]
    with Pool(args.jobs) as pool:
        for done, found in enumerate(pool.imap_unordered(play_and_compare, work, 4), start=1):
            if found is not None:
                kind, solved, real = found
                counts[kind][solved][real] += 1
            if done % 200 == 0:
                print(f"  {done} hands: {counts}", file=sys.stderr, flush=True)
    command = (
        f"python -m games.players.calibrate_bidding --hands {args.hands} "
        f"--seed {args.seed} --level {args.level}"
    )
    data = {
        "command": command,
        "rows": "solved class (euchred, made, marched), each row the real classes' counts",
        "counts": counts,
    }
    print(json.dumps(data))


if __name__ == "__main__":
    main()
