"""Load generator: real WebSocket clients playing real tables on running daphne processes.

    python -m games.lab.loadgen --tables 300 --humans-per-table 1 --duration 60 \\
        --urls ws://127.0.0.1:8001,ws://127.0.0.1:8002

A benchmark, not a test. It needs the site's settings (DATABASE_URL, REDIS_URL and SECRET_KEY:
the same as the daphne processes, or every session is refused) because it makes its players
directly in the database: users without a password and sessions through Django's session engine
(no login form, no e-mail), one table per group of H players opened and started through the
site's services, computers in the other seats. Run it against a database of its own.
Each person is a `TableClient`: it does what the page script does (connect, keep the newest
state, reconnect to the next URL when a process is gone, sync, show a computer's move a pause
after the move before it) and plays a legal move a short think time after its turn shows. A
finished table is replaced by a new one for the same players, so T tables stay in play for the
whole run; at the end the tables still in play are closed (marked finished) so that nothing
keeps playing after the run, and at the start those that an earlier run, killed before its end,
left in play.

It prints: tables finished, moves per second, the latency from a move sent to every human seat
of that table holding the new version (p50/p95/p99), what the people's sockets received a move
(KB of text), errors, frames out of order, moves that did not reach every seat, how late its own
loop wakes (part of every latency it reads), and the resident memory of the daphne processes
serving the URLs.
`TableClient` (games/lab/load_client.py) is also the browser of the fault tests in tests/scale/.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from .load_client import TableClient
from .load_flood import flood
from .load_measures import Measures, TableTracker, print_report

LOOP_LAG_TICK = 0.02  # seconds between the loop-lag samples


def daphne_pids(urls: list[str]) -> list[int]:
    """The daphne processes listening on the URLs' ports, found through /proc."""
    ports = {str(urlparse(url).port) for url in urls}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [word.decode(errors="replace") for word in argv if word]
        if not any("daphne" in word for word in words[:3]):
            continue
        port = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-p", "--port")), "")
        if port in ports:
            found.append(int(entry.name))
    return sorted(found)


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# ---- the run -------------------------------------------------------------------------------------


def make_players(count: int, run: str) -> list[tuple[int, str]]:
    """(user id, session cookie) of `count` new players, logged in through the session engine."""
    from accounts.models import User

    from .sessions import session_cookie_of

    players = []
    for number in range(count):
        user = User.objects.create_user(
            f"load-{run}-{number}@loadgen.invalid", None, display_name=f"Load {run} {number}"
        )
        players.append((user.pk, session_cookie_of(user)))
    return players


def open_table(user_ids: list[int], target_score: int, computer_level: str | None = None) -> int:
    """A private table with these players and computers in the other seats, started."""
    from django.db import close_old_connections

    from games.engine import RuleOptions
    from games.models import Game
    from games.tables.services.tables import seat_take, table_create, table_start

    close_old_connections()
    level = {"computer_level": computer_level} if computer_level else {}
    game = table_create(
        creator_id=user_ids[0],
        kind=Game.Kind.PRIVATE,
        rules=RuleOptions(target_score=target_score),
        **level,
    )
    for user_id in user_ids[1:]:
        seat_take(game_id=game.pk, user_id=user_id)
    table_start(game_id=game.pk, user_id=user_ids[0])
    return game.pk


def close_tables_left() -> int:
    """Ends the tables of earlier runs' players still in play: a run killed before its end
    leaves them, their people's turns time out and the computers standing in for them search
    on the workers, all through the next run's measures."""
    from django.utils import timezone

    from games.models import Game

    left = Game.objects.filter(
        status=Game.Status.PLAYING, seats__user__email__endswith="@loadgen.invalid"
    )
    return Game.objects.filter(pk__in=left.values("pk")).update(
        status=Game.Status.FINISHED, turn_deadline=None, finished_at=timezone.now()
    )


def close_tables(game_ids: list[int]) -> int:
    """Ends the tables still in play, so that no timer or computer keeps them going."""
    from django.utils import timezone

    from games.models import Game

    return Game.objects.filter(pk__in=game_ids, status=Game.Status.PLAYING).update(
        status=Game.Status.FINISHED, turn_deadline=None, finished_at=timezone.now()
    )


async def run_load(args: argparse.Namespace) -> Measures:
    urls = args.urls
    humans = args.humans_per_table
    measures = Measures()
    run = f"{int(time.time())}-{os.getpid()}"
    left = await asyncio.to_thread(close_tables_left)
    if left:
        print(f"closed {left} tables an earlier run left in play", flush=True)
    print(f"making {args.tables * humans} players ...", flush=True)
    players = await asyncio.to_thread(make_players, args.tables * humans, run)
    game_ids: list[int] = []
    game_of_table: dict[int, int] = {}  # each table's game now
    clients: list[TableClient] = []
    flooders_clients: set[int] = set()  # ids of the flooding players' own table clients
    deadline = time.monotonic() + args.ramp + args.duration
    ready = asyncio.Event()
    connected = 0
    rng = random.Random(args.seed)
    pids = daphne_pids(urls)
    print(f"daphne processes: {pids or 'none found on those ports'}", flush=True)

    async def table(index: int) -> None:
        nonlocal connected
        seated = players[index * humans : (index + 1) * humans]
        first = True
        while time.monotonic() < deadline:
            try:
                game_id = await asyncio.to_thread(
                    open_table,
                    [user_id for user_id, _ in seated],
                    args.target_score,
                    args.computer_level,
                )
            except Exception as error:
                kind = f"open_table:{type(error).__name__}"
                measures.errors[kind] += 1
                if measures.errors[kind] <= 3:  # what went wrong, in the report
                    print(f"  opening a table failed: {error!r}"[:300], flush=True)
                await asyncio.sleep(1)
                continue
            game_ids.append(game_id)
            game_of_table[index] = game_id
            measures.tables_opened += 1
            # the first tables' players are the flooders (steady()): their tables measured apart
            flooders = index < args.flooders
            tracker = TableTracker(humans, measures, flooders=flooders)
            group = [
                TableClient(
                    game_id=game_id,
                    cookie=cookie,
                    urls=urls,
                    url_index=index * humans + seat,
                    think=(args.think_min, args.think_max),
                    rng=random.Random(rng.random()),
                    on_state=tracker.state,
                    on_sent=tracker.sent,
                )
                for seat, (_, cookie) in enumerate(seated)
            ]
            clients.extend(group)
            if flooders:
                flooders_clients.update(id(client) for client in group)
            runs = [asyncio.create_task(client.run()) for client in group]
            if first:
                first = False
                while not all(client.state for client in group) and not any(
                    run.done() for run in runs
                ):
                    await asyncio.sleep(0.05)
                connected += 1
                if connected == args.tables:
                    ready.set()
            # the deadline moves once every table is up: look at it again every second
            while time.monotonic() < deadline and not all(run.done() for run in runs):
                await asyncio.wait(runs, timeout=min(1.0, max(0.0, deadline - time.monotonic())))
            if all(client.game_over for client in group):
                measures.tables_finished += 1
            for client in group:
                await client.stop()
            await asyncio.gather(*runs, return_exceptions=True)

    async def sample_memory() -> None:
        while time.monotonic() < deadline:
            for pid in pids:
                measures.rss_peak_kib[pid] = max(measures.rss_peak_kib.get(pid, 0), rss_kib(pid))
            await asyncio.sleep(1)

    async def sample_loop_lag() -> None:
        while time.monotonic() < deadline:
            due = time.monotonic() + LOOP_LAG_TICK
            await asyncio.sleep(LOOP_LAG_TICK)
            if measures.steady_from is not None:
                measures.loop_lags.append(time.monotonic() - due)

    async def report_progress() -> None:
        while time.monotonic() < deadline:
            await asyncio.sleep(10)
            print(
                f"  {time.monotonic() - measures.started:5.0f} s: {connected}/{args.tables} "
                f"tables up, {measures.moves} moves, {len(measures.latencies)} timed, "
                f"{sum(c.connect_failures for c in clients)} failed connects",
                flush=True,
            )

    async def open_all() -> None:
        tasks = []
        for index in range(args.tables):
            tasks.append(asyncio.create_task(table(index)))
            await asyncio.sleep(1 / args.open_rate)
        await asyncio.gather(*tasks)

    async def steady() -> None:
        nonlocal deadline
        try:
            await asyncio.wait_for(ready.wait(), timeout=args.ramp)
        except TimeoutError:
            print(f"  not every table was up after {args.ramp} s: measuring anyway", flush=True)
        measures.steady_from = time.monotonic()
        deadline = measures.steady_from + args.duration
        measures.received = -sum(client.bytes_received for client in clients)
        print(f"  steady after {measures.steady_from - measures.started:.1f} s", flush=True)
        first = sorted(game_of_table)[: args.flooders]  # the first tables' players flood
        targets = [(urls[n % len(urls)], game_of_table[n], players[n * humans][1]) for n in first]
        await asyncio.gather(
            *(flood(*target, args, deadline, measures.flood) for target in targets)
        )

    print(f"opening {args.tables} tables on {len(urls)} process(es) ...", flush=True)
    await asyncio.gather(
        open_all(), sample_memory(), sample_loop_lag(), report_progress(), steady()
    )
    measures.duration = min(  # type: ignore[attr-defined]
        time.monotonic() - measures.steady_from, args.duration
    )
    for client in clients:
        measures.received += client.bytes_received
        errors = measures.flooders_errors if id(client) in flooders_clients else measures.errors
        for code in client.errors:
            errors[code] += 1
        for code in client.close_codes:
            if code not in (1000, 1001, 1005):
                errors[f"close:{code}"] += 1
        measures.out_of_order += client.out_of_order
        measures.skipped += client.skipped
        measures.reconnects += max(0, len(client.connected_to) - 1)
        measures.connect_failures += client.connect_failures
        measures.connect_failure_kinds.update(client.connect_failure_kinds)
    closed = await asyncio.to_thread(close_tables, game_ids)
    print(f"closed {closed} tables still in play", flush=True)
    return measures


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.lab.loadgen", description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--humans-per-table", type=int, default=1, choices=[1, 2, 3, 4])
    parser.add_argument("--duration", type=float, default=30, help="seconds measured")
    parser.add_argument("--urls", required=True, help="comma-separated ws://host:port")
    parser.add_argument("--think-min", type=float, default=0.1, help="seconds")
    parser.add_argument("--think-max", type=float, default=0.4, help="seconds")
    parser.add_argument("--target-score", type=int, default=10)
    parser.add_argument(
        "--computer-level",
        choices=["easy", "normal", "strong"],
        help="how the computers play (default: the site's default for a private table)",
    )
    parser.add_argument("--open-rate", type=float, default=50, help="tables opened per second")
    parser.add_argument("--ramp", type=float, default=120, help="longest wait for every table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flooders", type=int, default=0, help="players' second sockets")
    parser.add_argument("--flood-rate", type=float, default=200, help="a flooder's messages/s")
    args = parser.parse_args(argv)
    args.urls = [url.strip() for url in args.urls.split(",") if url.strip()]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django

    django.setup()
    from games.collector import long_running_gc

    # a thousand sockets' last frames make a large heap: with the default collector the
    # generator's own full collections held its loop for up to half a second (read as latency)
    long_running_gc()
    measures = asyncio.run(run_load(args))
    print_report(args, measures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
