"""The cost of a move on the site's own path, in one process, without sockets: the figure the
load table's CPU per move is made of, quick to repeat while working on it.

    . scripts/bench_env.sh && .venv/bin/python -m games.lab.bench_move --games 20

Plays whole games (one person and three computers a table, as the load table does) through the
services a daphne and a worker call: the person's move (`game_act`), the computers' runs of
moves to the person's next turn (`computer_run`), and after each the person's frames: the ones
the moves built and sent to the person's seat group, received from the channel layer as their
socket receives them. Prints
per move: this process's CPU, the CPU of its PostgreSQL backend (read from /proc), and the
queries made. Tasks the moves queue are left unrun and purged at the end. With
`--profile FILE` the moves run under cProfile and the statistics go to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    moves: int = 0
    person_moves: int = 0
    queries: int = 0
    cpu_s: float = 0.0
    postgres_s: float = 0.0
    per_kind: dict[str, list[tuple[float, int]]] = field(default_factory=dict)

    def add(self, kind: str, cpu_s: float, moves: int) -> None:
        self.per_kind.setdefault(kind, []).append((cpu_s, moves))


def backend_cpu_s(pid: int) -> float:
    """utime + stime of a process, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def play_games(games: int, level: str, seed: int, tally: Tally) -> None:
    from channels.layers import get_channel_layer
    from django.db import connection

    from games.lab.loadgen import make_players, open_table
    from games.live.frame_wire import frames_of
    from games.live.services.after_move import seat_group
    from games.live.services.layer_send import sending_loop
    from games.live.services.play import computer_run, game_act
    from games.models import Game
    from games.selectors import table_state

    rng = random.Random(seed)
    run = f"bench{os.getpid()}{int(time.time())}"
    players = make_players(games, run)
    game_ids = [open_table([user_id], 10, level) for user_id, _cookie in players]
    with connection.cursor() as cursor:
        cursor.execute("select pg_backend_pid()")
        backend = cursor.fetchone()[0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        tally.queries += 1
        return execute(sql, params, many, context)

    layer, loop = get_channel_layer(), sending_loop()

    def on_loop(coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=10)

    with connection.execute_wrapper(count):
        for game_id, (user_id, _cookie) in zip(game_ids, players, strict=True):
            channel = on_loop(layer.new_channel())
            on_loop(layer.group_add(seat_group(game_id, user_id), channel))
            frame = table_state(game_id=game_id, user_id=user_id)
            while frame["status"] == Game.Status.PLAYING:
                cpu, pg = time.process_time(), backend_cpu_s(backend)
                view = frame["view"]
                if view.get("to_act") == frame["my_seat"]:
                    action = rng.choice(view["legal_actions"])
                    version = frame["version"]
                    applied = game_act(
                        game_id=game_id, user_id=user_id, action=action, version=version
                    )
                    kind = "person"
                    tally.person_moves += 1
                else:
                    # the computers' run to the person's turn, as the computer-turn task plays it
                    applied = computer_run(game_id=game_id, version=frame["version"])
                    assert applied is not None, "the computer did not move"
                    kind = "computer"
                made = applied.version - frame["version"]
                if applied.game_over:  # the socket asks for the frame with the result
                    frame = table_state(game_id=game_id, user_id=user_id, last_frame=frame)
                else:
                    frame = frames_of(on_loop(layer.receive(channel)))[-1]
                spent = time.process_time() - cpu
                tally.cpu_s += spent
                tally.postgres_s += backend_cpu_s(backend) - pg
                tally.moves += made
                tally.add(kind, spent, made)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", default="easy", help="the computers' level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", help="write cProfile statistics here")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    tally = Tally()
    profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
    if profiler:
        profiler.enable()
    started = time.perf_counter()
    play_games(args.games, args.level, args.seed, tally)
    wall = time.perf_counter() - started
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
    from euchre_site.celery import app

    app.control.purge()
    moves = max(tally.moves, 1)
    print(f"games {args.games}  moves {tally.moves}  ({tally.person_moves} by the person)")
    print(f"wall per move           {wall / moves * 1000:7.2f} ms")
    print(f"CPU per move, this proc {tally.cpu_s / moves * 1000:7.2f} ms")
    print(f"CPU per move, postgres  {tally.postgres_s / moves * 1000:7.2f} ms")
    print(f"queries per move        {tally.queries / moves:7.2f}")
    for kind, spent in sorted(tally.per_kind.items()):
        made = sum(moves for _cpu, moves in spent)
        mean = sum(cpu for cpu, _moves in spent) / made * 1000
        print(f"  {kind:9} moves {made:6}  CPU {mean:6.2f} ms each (with the frames)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
