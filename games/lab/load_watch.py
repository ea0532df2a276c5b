"""Watchers' storm: what watch sockets syncing as fast as they may cost another table's sync.

    . scripts/bench_env.sh && .venv/bin/python -m games.lab.load_watch --daphnes 1
    . scripts/bench_env.sh && .venv/bin/python -m games.lab.load_watch --urls ws://127.0.0.1:8001

A benchmark, not a test (the figures are in docs/benchmarks.md). It needs the site's settings
(DATABASE_URL, REDIS_URL, SECRET_KEY: those of the daphne processes; scripts/bench_env.sh, which
also lifts the per-address socket limit: every socket comes from this machine) and makes its
players directly in the database, as `games.lab.loadgen` does. With `--daphnes N` it starts N
daphne processes itself (logs in var/load_watch/) and stops them at the end; with `--urls` it
uses running ones.

It stores a long finished public game (computers through the engine: nobody's turn waits) and
opens `--probes` tables of one player each, not started (nothing moves there). Each probe
socket sends a sync every `--probe-every` seconds (longer than GAME_SYNC_COALESCE_SECONDS, so
each is answered from the database, as another table's sync is) and times its answer. First
`--idle` seconds with the probes alone, then `--storm` seconds while `--accounts` players each
hold `--sockets` watch sockets of the finished game, each sending {"type": "sync"} `--rate`
times a second and connecting again `--reconnect` seconds after each close (half a second, as a
script would; 0: never).

It prints the probes' sync p50/p95 idle and under the storm, and what the watchers got: their
connections, syncs sent, frames, error frames by code (`rate_limited`, `flooding`,
`too_many_sockets`) and close codes, and (with --daphnes) the daphnes' "Exception inside
application" log lines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from .load_watch_sockets import RECONNECT_SECONDS, probe, storm_process
from .loadgen import daphne_pids, make_players

ROOT = Path(__file__).resolve().parents[1]


def finished_public_game(target_score: int, seed: str) -> int:
    """A public game of four computers played to the end through the engine and stored as the
    move service stores it (its row, seats and action log): watchable by any player."""
    from datetime import timedelta

    from django.utils import timezone

    from games.engine import GameState, RuleOptions
    from games.engine.view import seat_view
    from games.models import Action, Game, Seat
    from games.players import choose_action

    rules = RuleOptions(target_score=target_score)
    state, movers = GameState(rules, seed), []
    while state.winner is None:
        seat = state.to_act
        state.apply(choose_action(seat_view(state, seat), rules), seat)
        movers.append(seat)
    now = timezone.now()
    game = Game.objects.create(
        kind=Game.Kind.PUBLIC,
        status=Game.Status.FINISHED,
        rules=rules.to_dict(),
        seed=seed,
        version=len(state.actions),
        started_at=now - timedelta(minutes=30),
        finished_at=now,
        moved_at=now,
        score_team0=state.scores[0],
        score_team1=state.scores[1],
        winner_team=state.winner,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, time_limit_ms=30_000) for position in range(4)
    )
    Action.objects.bulk_create(
        Action(game=game, sequence=n, seat=seat, action=action, source=Action.Source.COMPUTER)
        for n, (seat, action) in enumerate(zip(movers, state.actions, strict=True))
    )
    return game.pk


def open_probe_table(user_id: int) -> int:
    """A private table of one player, not started: its sync reads the database, nothing moves."""
    from django.db import close_old_connections

    from games.engine import RuleOptions
    from games.models import Game
    from games.tables.services.tables import table_create

    close_old_connections()
    return table_create(creator_id=user_id, kind=Game.Kind.PRIVATE, rules=RuleOptions()).pk


def start_daphnes(count: int) -> tuple[list[str], list[subprocess.Popen[bytes]], list[Path]]:
    """`count` daphne processes on free ports, started as scripts/cluster.py starts them, each
    logging to var/load_watch/webN.log (emptied first)."""
    logs = ROOT / "var" / "load_watch"
    logs.mkdir(parents=True, exist_ok=True)
    urls, processes, paths = [], [], []
    for number in range(1, count + 1):
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port = free.getsockname()[1]
        path = logs / f"web{number}.log"
        with path.open("wb") as log:
            processes.append(
                subprocess.Popen(
                    [
                        str(Path(sys.executable).parent / "daphne"),
                        *("-b", "127.0.0.1", "-p", str(port)),
                        *("--websocket-max-message-size", "65536"),
                        "euchre_site.asgi:application",
                    ],
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )
        urls.append(f"ws://127.0.0.1:{port}")
        paths.append(path)
        give_up = time.monotonic() + 60
        while True:
            with socket.socket() as knock:
                if knock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if processes[-1].poll() is not None or time.monotonic() > give_up:
                raise SystemExit(f"daphne on {port} did not start: {path.read_text()[-2000:]}")
            time.sleep(0.2)
    return urls, processes, paths


def stop_daphnes(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) the processes used so far, from /proc."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime: the stat's 14th and 15th
    return total / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from asgiref.sync import sync_to_async

    run_name = f"watch-{int(time.time())}-{os.getpid()}"
    players = await sync_to_async(make_players)(args.accounts + args.probes, run_name)
    stormers, probers = players[: args.accounts], players[args.accounts :]
    game_id = await sync_to_async(finished_public_game)(args.target_score, run_name)
    tables = [await sync_to_async(open_probe_table)(user_id) for user_id, _ in probers]
    print(f"finished public game {game_id}, probe tables {tables}", flush=True)
    times: dict[str, list[Any]] = {"idle": [], "storm": [], "at": []}
    counts: Counter[str] = Counter()
    urls = args.urls
    storm_from = float("inf")

    pids = daphne_pids(urls)

    def phase() -> str:
        return "idle" if time.monotonic() < storm_from else "storm"

    # the storm's process first (its start-up is not measured), then the clock starts
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    stormer = context.Process(
        target=storm_process,
        args=(theirs, urls, game_id, [cookie for _, cookie in stormers], args),
        daemon=True,
    )
    stormer.start()
    await asyncio.to_thread(mine.recv)
    start = time.monotonic()
    cpu = {"start": cpu_seconds(pids)}
    storm_from = start + args.idle
    until = storm_from + args.storm
    mine.send((storm_from, until))
    probes = [
        asyncio.create_task(
            probe(urls[n % len(urls)], table, cookie, args.probe_every, until, phase, times, counts)
        )
        for n, (table, (_, cookie)) in enumerate(zip(tables, probers, strict=True))
    ]
    await asyncio.sleep(max(0.0, storm_from - time.monotonic()))
    cpu["storm"] = cpu_seconds(pids)
    await asyncio.gather(*probes)
    cpu["end"] = cpu_seconds(pids)
    counts.update(await asyncio.to_thread(mine.recv))
    await asyncio.to_thread(stormer.join, 60)
    actions, frame_chars = await sync_to_async(game_size)(game_id)
    return {
        "times": times,
        "counts": counts,
        "game": game_id,
        "actions": actions,
        "frame_chars": frame_chars,
        "storm_from": storm_from,
        "daphne_cpu": (
            (cpu["storm"] - cpu["start"]) / args.idle,
            (cpu["end"] - cpu["storm"]) / (time.monotonic() - storm_from),
            len(pids),
        ),
    }


def game_size(game_id: int) -> tuple[int, int]:
    """The game's actions, and the characters of its watch frame."""
    from games.models import Game
    from games.watch.selectors import watch_state

    frame = watch_state(game_id=game_id)
    return Game.objects.get(pk=game_id).version, len(json.dumps(frame, separators=(",", ":")))


def report(args: argparse.Namespace, result: dict[str, Any], logs: list[Path]) -> None:
    times, counts = result["times"], result["counts"]
    print(
        f"storm: {args.accounts} accounts x {args.sockets} watch sockets, {args.rate:g} syncs/s "
        f"each for {args.storm:g} s, on finished game {result['game']} "
        f"({result['actions']} actions, its watch frame {result['frame_chars']:,} characters)"
    )
    for label in ("idle", "storm"):
        values = [1000 * value for value in times[label]]
        print(
            f"another table's sync, {label:5}: p50 {percentile(values, 0.5):.1f} ms, "
            f"p95 {percentile(values, 0.95):.1f} ms ({len(values)} syncs)"
        )
    idle_cpu, storm_cpu, processes = result["daphne_cpu"]
    print(
        f"daphne CPU ({processes} processes): idle {100 * idle_cpu:.0f}%, "
        f"storm {100 * storm_cpu:.0f}% of a core"
    )
    by_second: dict[int, list[float]] = {}
    for sent, took in times["at"]:
        by_second.setdefault(math.floor(sent - result["storm_from"]), []).append(1000 * took)
    print(
        "  by second from the storm's start: "
        + ", ".join(
            f"{second:+d} s {statistics.median(values):.0f}"
            for second, values in sorted(by_second.items())
        )
        + " (p50 ms)"
    )
    for key in sorted(counts):
        print(f"watchers: {key:22} {counts[key]:,}")
    if logs:
        crashes = sum(
            path.read_text(errors="replace").count("Exception inside application") for path in logs
        )
        print(f"daphne log: 'Exception inside application' x {crashes}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.lab.load_watch", description=__doc__)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--urls", help="comma-separated ws://host:port of running daphnes")
    where.add_argument("--daphnes", type=int, help="start this many daphne processes")
    parser.add_argument("--accounts", type=int, default=8)
    parser.add_argument("--sockets", type=int, default=8, help="watch sockets per account")
    parser.add_argument("--rate", type=float, default=7, help="syncs a second per watch socket")
    parser.add_argument(
        "--reconnect",
        type=float,
        default=RECONNECT_SECONDS,
        help="seconds after a close (0: never)",
    )
    parser.add_argument("--idle", type=float, default=8, help="seconds measured before")
    parser.add_argument("--storm", type=float, default=8, help="seconds of the storm")
    parser.add_argument("--probes", type=int, default=8, help="other tables timing their syncs")
    parser.add_argument("--probe-every", type=float, default=1.2, help="seconds between syncs")
    parser.add_argument("--target-score", type=int, default=30, help="of the finished game")
    args = parser.parse_args(argv)
    if args.urls:
        args.urls = [url.strip().rstrip("/") for url in args.urls.split(",") if url.strip()]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django

    django.setup()
    processes: list[subprocess.Popen[bytes]] = []
    logs: list[Path] = []
    if args.daphnes:
        args.urls, processes, logs = start_daphnes(args.daphnes)
        print(f"daphne: {', '.join(args.urls)} (logs in var/load_watch/)", flush=True)
    try:
        result = asyncio.run(run(args))
    finally:
        stop_daphnes(processes)
    report(args, result, logs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
