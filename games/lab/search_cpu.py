"""The CPU the computers' decisions of a load run cost, to tell it from the rest of a move's.

    . scripts/bench_env.sh && .venv/bin/python -m games.lab.search_cpu \\
        --after-id 1200 --upto-id 5400

A benchmark's helper (scripts/load_table.py runs it after each run): every computer move stored
with an action id in (after-id, upto-id] is decided again, in this one process, from the game
as it was then and with the seed the site used (`games.live.services.play`: the game's seed and the
move's number), and the CPU of each decision is summed. Decisions are pure functions of those,
so each must give the stored move again: the count of those that do not is printed too (it
should be 0; a timeout's move in a game some person left is decided at strong, as the site
does). Prints one JSON line: decisions, cpu_ms (their sum), mismatches.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict


def decisions_cpu(after_id: int, upto_id: int) -> dict[str, float | int]:
    from games.engine_states import replayed
    from games.live.services.play import computer_level
    from games.models import Action, Game, Seat
    from games.players.levels import choose_action_at_level

    made = (
        Action.objects.filter(
            id__gt=after_id,
            id__lte=upto_id,
            source__in=(Action.Source.COMPUTER, Action.Source.TIMEOUT),
        )
        .order_by("game_id", "sequence")
        .values_list("game_id", "sequence", "seat", "action")
    )
    by_game: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for game_id, sequence, seat, action in made:
        by_game[game_id].append((sequence, seat, action))
    cpu_s, decisions, mismatches = 0.0, 0, 0
    for game_id, moves in by_game.items():
        game = Game.objects.get(pk=game_id)
        seats = {seat.position: seat for seat in Seat.objects.filter(game=game)}
        log = list(
            Action.objects.filter(game=game, sequence__lte=moves[-1][0])
            .order_by("sequence")
            .values_list("action", flat=True)
        )
        for sequence, position, action in moves:
            engine = replayed(game.rules, game.seed, log[:sequence])
            view = engine.view(position)
            started = time.process_time()
            choice = choose_action_at_level(
                view, engine.rules, computer_level(game, seats[position]), f"{game.seed}/{sequence}"
            )
            cpu_s += time.process_time() - started
            decisions += 1
            mismatches += choice != action
    return {"decisions": decisions, "cpu_ms": round(cpu_s * 1000, 1), "mismatches": mismatches}


def main(argv: list[str] | None = None) -> int:
    import django

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--after-id", type=int, required=True)
    parser.add_argument("--upto-id", type=int, required=True)
    args = parser.parse_args(argv)
    django.setup()
    print(json.dumps(decisions_cpu(args.after_id, args.upto_id)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
