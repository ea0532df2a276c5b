#!/usr/bin/env python3
"""The README's load table in one command: for each number of daphne processes, start the site
with scripts/cluster.py, run `python -m games.lab.loadgen` for each number of tables, stop it, and
print one Markdown row per run (the full reports go to var/load/), then the CPU milliseconds
per move of each process group of the site (daphne, worker, beat, PostgreSQL, Redis) and their
total, over the measured window (the moves stored in it, the tables' opening left out), and the
CPU of the computers' decisions in that window, counted by the processes that made them.

    . scripts/bench_env.sh && .venv/bin/python scripts/load_table.py \\
        --daphnes 1,2,4 --tables 100,300,1000 --humans-per-table 1 --computer-level easy

Run it on a database of its own (scripts/bench_env.sh) on an otherwise quiet machine: the load
generator shares the machine's cores with the site it measures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

FIELDS = {
    "finished": re.compile(r"^tables finished\s+(\d+)"),
    "moves": re.compile(r"^moves per second\s+([\d.]+)"),
    "p50": re.compile(r"^latency ms\s+p50 (\S+)"),
    "p95": re.compile(r"^latency ms.*p95 (\S+)"),
    "p99": re.compile(r"^latency ms.*p99 (\S+)"),
    "timed": re.compile(r"^latency ms.*\((\d+) moves timed\)"),
    "errors": re.compile(r"^errors\s+(\d+)"),
    "missed": re.compile(r"^missed moves\s+(\d+)"),
    "out_of_order": re.compile(r"^out-of-order frames\s+(\d+)"),
    "rss": re.compile(r"^daphne RSS peak.*\(total (\d+) MiB\)"),
}


def purge_queue() -> None:
    """Tasks and computers' runs left from an earlier run would be the next run's first work."""
    subprocess.run(
        [PYTHON, "-m", "celery", "-A", "euchre_site", "purge", "-f"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    prefix = os.environ.get("REDIS_KEY_PREFIX", "euchre")
    redis.Redis.from_url(os.environ["REDIS_URL"]).delete(
        f"{prefix}:computer-runs", f"{prefix}:computer-runs:wake"
    )


def queue_length() -> int:
    """The work behind: the tasks in the Celery queue that no worker has received, and the
    computers' runs whose time has passed that no runner has taken
    (games/live/services/computer_runs.py; a run waiting for its time is not behind, as a Celery
    task a worker held for its countdown was not in the queue)."""
    prefix = os.environ.get("REDIS_KEY_PREFIX", "euchre")
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    overdue = client.zcount(f"{prefix}:computer-runs", "-inf", int(time.time() * 1000))
    return int(client.llen(f"{prefix}:celery")) + int(overdue)


def decisions_tallied() -> tuple[int, int]:
    """(µs of CPU, decisions) of the computers' decisions the site's processes counted where
    they made them (GAME_DECISION_CPU_TALLY, games/live/services/decision_cpu.py)."""
    prefix = os.environ.get("REDIS_KEY_PREFIX", "euchre")
    tally = redis.Redis.from_url(os.environ["REDIS_URL"]).hgetall(f"{prefix}:decision-cpu")
    return int(tally.get(b"micros", 0)), int(tally.get(b"decisions", 0))


def cpu_jiffies() -> tuple[int, int]:
    """(busy, total) of the whole machine since boot, from /proc/stat."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


PROCESS_GROUPS = (
    ("harness", "scripts/"),  # this script and cluster.py: their names mention daphne
    ("loadgen", "games.lab.loadgen"),
    ("daphne", "daphne"),
    ("worker", "worker"),
    ("beat", "beat"),
    ("postgres", "postgres"),
    ("redis", "redis"),
)


def cpu_by_process_group() -> dict[str, int]:
    """CPU jiffies used so far by the processes of each group (by their command line)."""
    used: dict[str, int] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        group = next((name for name, mark in PROCESS_GROUPS if mark in command), "other")
        used[group] = used.get(group, 0) + int(fields[11]) + int(fields[12])  # utime + stime
    return used


SITE_GROUPS = ("daphne", "worker", "beat", "postgres", "redis")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def stored_moves() -> tuple[int, int]:
    """Moves stored so far (the action log's rows: the moves a run made, whoever made them), and
    the last one's id."""
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"]) as connection:
        count, last = connection.execute(
            "select count(*), coalesce(max(id), 0) from games_action"
        ).fetchone()
        return count, last


def database_analyze() -> None:
    """Fresh planner statistics before each run. The runs add thousands of players, games and
    moves to the bench database, and where autovacuum is off (as on the machine these figures
    were first made on) the planner went on believing the tables small: a move's seats were
    joined to a sequential scan of every player, and PostgreSQL's CPU per move grew run after
    run (0.37 to 0.85 ms in one afternoon)."""
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"], autocommit=True) as connection:
        connection.execute("analyze")


def search_cpu(after_id: int, upto_id: int) -> dict[str, float]:
    """The computers' decisions of the window decided again in one process (games.lab.search_cpu):
    their CPU, to tell the search's share of a move from the rest."""
    done = subprocess.run(
        [
            PYTHON,
            "-m",
            "games.lab.search_cpu",
            "--after-id",
            str(after_id),
            "--upto-id",
            str(upto_id),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def wait_healthy(ports: list[int], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    for port in ports:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"daphne on port {port} not healthy after {timeout} s")
            time.sleep(1)


def run_one(args: argparse.Namespace, daphnes: int, tables: int, out: Path) -> dict[str, str]:
    database_analyze()
    urls = ",".join(f"ws://127.0.0.1:{8001 + i}" for i in range(daphnes))
    command = [
        PYTHON, "-m", "games.lab.loadgen",
        "--tables", str(tables),
        "--humans-per-table", str(args.humans_per_table),
        "--duration", str(args.duration),
        "--urls", urls,
        "--think-min", str(args.think_min),
        "--think-max", str(args.think_max),
    ]  # fmt: skip
    if args.computer_level:
        command += ["--computer-level", args.computer_level]
    if args.flooders:
        command += ["--flooders", str(args.flooders), "--flood-rate", str(args.flood_rate)]
    busy_before, total_before = cpu_jiffies()
    groups_before = cpu_by_process_group()
    # the CPU per move is read over the measured window only (from the load generator's
    # "steady after" line for --duration seconds), not while the tables are being opened
    window: dict[str, tuple[dict[str, int], tuple[int, int], tuple[int, int]]] = {}

    def snapshot(name: str) -> None:
        window[name] = (cpu_by_process_group(), stored_moves(), decisions_tallied())

    lines: list[str] = []
    window_end: threading.Timer | None = None
    loadgen = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert loadgen.stdout is not None
    for line in loadgen.stdout:
        lines.append(line)
        if window_end is None and line.strip().startswith("steady after"):
            snapshot("start")
            window_end = threading.Timer(args.duration, snapshot, ("end",))
            window_end.start()
    loadgen.wait()
    if window_end is not None:
        window_end.join()
    groups_after = cpu_by_process_group()
    busy_after, total_after = cpu_jiffies()
    busy = 100 * (busy_after - busy_before) / max(1, total_after - total_before)
    found = {"queue": str(queue_length()), "cpu": f"{busy:.0f}%"}
    # the load generator has exited by now: its share is its peak-time children's, so it is
    # read from the machine's busy time less everything else
    spent = {
        name: groups_after.get(name, 0) - groups_before.get(name, 0)
        for name, _ in PROCESS_GROUPS
        if name != "loadgen"
    }
    spent["loadgen and other"] = max(0, (busy_after - busy_before) - sum(spent.values()))
    whole = max(1, sum(spent.values()))
    found["shares"] = ", ".join(
        f"{name} {100 * value / whole:.0f}%" for name, value in spent.items() if value
    )
    if "start" in window and "end" in window:
        (cpu_start, (moves_start, first), tally_start) = window["start"]
        (cpu_end, (moves_end, last), tally_end) = window["end"]
        moves = max(1, moves_end - moves_start)
        per_move = {
            name: (cpu_end.get(name, 0) - cpu_start.get(name, 0)) * 1000 / CLOCK_TICKS / moves
            for name in SITE_GROUPS
        }
        total = sum(per_move.values())
        found["cpu_per_move"] = " | ".join(f"{per_move[name]:.2f}" for name in SITE_GROUPS) + (
            f" | **{total:.2f}** | {moves}"
        )
        decided_micros = tally_end[0] - tally_start[0]
        if decided_micros:
            searched = decided_micros / 1000 / moves
            found["tallied"] = (
                f"| {daphnes} | {tables} | {tally_end[1] - tally_start[1]} | {searched:.2f} "
                f"| **{total - searched:.2f}** |"
            )
        if args.search_cpu:
            decided = search_cpu(first, last)
            search = decided["cpu_ms"] / moves
            found["search"] = (
                f"| {daphnes} | {tables} | {decided['decisions']} | {search:.2f} "
                f"| **{total - search:.2f}** | {decided['mismatches']} |"
            )
    out.write_text("".join(lines))
    for line in lines:
        line = line.rstrip("\n")
        for name, pattern in FIELDS.items():
            match = pattern.match(line)
            if match:
                found[name] = match.group(1)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--daphnes", default="1,2,4")
    parser.add_argument("--tables", default="100,300,1000")
    parser.add_argument("--humans-per-table", type=int, default=1)
    parser.add_argument("--computer-level", default="easy")
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--think-min", type=float, default=0.1)
    parser.add_argument("--think-max", type=float, default=0.4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--worker-nice", type=int, default=0)
    parser.add_argument("--flooders", type=int, default=0, help="as games.lab.loadgen's")
    parser.add_argument("--flood-rate", type=float, default=200)
    parser.add_argument(
        "--search-cpu",
        action="store_true",
        help="decide the window's computer moves again to tell the search's CPU from the rest",
    )
    args = parser.parse_args()
    logs = ROOT / "var" / "load"
    logs.mkdir(parents=True, exist_ok=True)
    print(
        "| daphne | tables x people | computers | moves/s | p50 | p95 | p99 | moves timed "
        "| errors | missed | out of order | queue left | daphne RSS total | machine CPU busy |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    shares: list[str] = []
    per_move: list[str] = []
    searches: list[str] = []
    tallies: list[str] = []
    # each process of the site counts its computers' decisions' CPU (decisions_tallied)
    os.environ["GAME_DECISION_CPU_TALLY"] = "1"
    for daphnes in [int(n) for n in args.daphnes.split(",")]:
        purge_queue()
        cluster = subprocess.Popen(
            [PYTHON, "scripts/cluster.py", "--daphnes", str(daphnes), "--workers",
             str(args.workers), "--worker-nice", str(args.worker_nice)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        try:
            wait_healthy([8001 + i for i in range(daphnes)])
            for tables in [int(n) for n in args.tables.split(",")]:
                out = logs / f"d{daphnes}-t{tables}-h{args.humans_per_table}.txt"
                row = run_one(args, daphnes, tables, out)
                print(
                    f"| {daphnes} | {tables} x {args.humans_per_table} | {args.computer_level} "
                    f"| {row.get('moves', '?')} | {row.get('p50', '?')} ms "
                    f"| {row.get('p95', '?')} ms | {row.get('p99', '?')} ms "
                    f"| {row.get('timed', '?')} | {row.get('errors', '?')} "
                    f"| {row.get('missed', '?')} | {row.get('out_of_order', '?')} "
                    f"| {row.get('queue', '?')} | {row.get('rss', '?')} MiB "
                    f"| {row.get('cpu', '?')} |",
                    flush=True,
                )
                shares.append(f"{daphnes} daphne x {tables} tables: {row.get('shares', '?')}")
                per_move.append(f"| {daphnes} | {tables} | {row.get('cpu_per_move', '?')} |")
                if "search" in row:
                    searches.append(row["search"])
                if "tallied" in row:
                    tallies.append(row["tallied"])
        finally:
            os.killpg(cluster.pid, signal.SIGTERM)
            cluster.wait(timeout=60)
    print("\nShare of the CPU used during each run, by process:")
    for line in shares:
        print(f"- {line}")
    print("\nCPU milliseconds per move, by process group (the site's; load generator left out):")
    print("| daphne | tables | " + " | ".join(SITE_GROUPS) + " | site total | moves |")
    print("|---" * (len(SITE_GROUPS) + 4) + "|")
    for line in per_move:
        print(line)
    if tallies:
        print("\nThe computers' decisions of each window, their CPU counted where they were made:")
        print("| daphne | tables | decisions | their ms per move | site total less them |")
        print("|---|---|---|---|---|")
        for line in tallies:
            print(line)
    if searches:
        print(
            "\nThe computers' decisions of each window decided again in one process (--search-cpu):"
        )
        print(
            "| daphne | tables | decisions | search ms per move | site total less the search "
            "| decisions not the same |"
        )
        print("|---|---|---|---|---|---|")
        for line in searches:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
