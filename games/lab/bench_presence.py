"""Presence's figures (issue 54), printed:

    export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>
    export BENCH_REDIS_URL=redis://127.0.0.1:6379/<n>
    . scripts/bench_env.sh && .venv/bin/python -m games.lab.bench_presence

1. Pages, in this process, with 10,000 players online in Redis (each with a page's place): the
   friends page of a player with 200 friends and the lobby (its "who is here" too), each
   fetched through Django's test client: queries and server time (median and 95th
   percentile), and the two selectors alone.
2. Across two daphnes: a friend's page opens on daphne B (and closes), the viewer's page on
   daphne A is told; the time from the change to the viewer's socket hearing it.
3. CPU: `--updates` presence changes a minute (players moving between the lobby and a table)
   for `--seconds`, each followed by `--followers` open pages spread over the two daphnes:
   the daphnes' CPU (from /proc) and this process's, which makes the changes as the changing
   players' own sockets would (the script and the PUBLISH), as a share of one core.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from .sessions import session_cookie_of

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ROOT = Path(__file__).resolve().parents[2]


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def own_cpu_s() -> float:
    times = os.times()
    return times.user + times.system


def players(count: int, run: str, prefix: str) -> list[Any]:
    from accounts.models import User

    return User.objects.bulk_create(
        User(email=f"{prefix}-{run}-{n}@bench.invalid", display_name=f"{prefix} {run} {n}")
        for n in range(count)
    )


def befriend_all(pairs: list[tuple[int, int]]) -> None:
    from accounts.friends.models import Friendship

    Friendship.objects.bulk_create(
        row
        for one, other in pairs
        for row in (
            Friendship(user_id=one, friend_id=other),
            Friendship(user_id=other, friend_id=one),
        )
    )


def place_many(user_ids: list[int], place_of: Any) -> None:
    """Each player in a place, as their sockets would put them, in pipelines of 1,000."""
    from games.live.services.presence_places import _arguments, _sync

    client = _sync()
    for start in range(0, len(user_ids), 1000):
        pipe = client.pipeline(transaction=False)
        for user_id in user_ids[start : start + 1000]:
            pipe.eval(*_arguments("add", user_id=user_id, place=place_of(user_id)))
        pipe.execute()


def timed_pages(client: Any, url: str, times: int) -> tuple[int, float, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # the day's first page (the daily visit's silver) and warm caches
    spent = []
    queries = 0
    for _ in range(times):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            spent.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
        queries = len(captured)
    spent.sort()
    return queries, statistics.median(spent), spent[int(len(spent) * 0.95) - 1]


def pages(run: str, online: int, friends: int, times: int) -> None:
    from django.test import Client

    from games.live.services.presence_places import site_place, table_place
    from games.presence.selectors import friends_presence, who_is_here

    viewer = players(1, run, "Viewer")[0]
    pals = players(friends, run, "Pal")
    crowd = players(online - friends // 4, run, "Crowd")
    befriend_all([(viewer.pk, pal.pk) for pal in pals])
    started = time.perf_counter()
    place_many([p.pk for p in crowd], lambda user_id: site_place(f"bench-{user_id}"))
    here = [p.pk for p in pals[: friends // 4]]
    place_many(
        here,
        lambda user_id: (
            table_place(f"bench-{user_id}", game_id=user_id, watchable=True)
            if user_id % 2
            else site_place(f"bench-{user_id}")
        ),
    )
    print(
        f"{len(crowd) + len(here):,} players put online in "
        f"{time.perf_counter() - started:.1f} s; the viewer has {friends} friends, "
        f"{len(here)} of them here"
    )
    client = Client(HTTP_HOST="localhost")
    client.force_login(viewer)
    for name, url in (("friends page", "/friends/"), ("lobby", "/play/")):
        queries, median, p95 = timed_pages(client, url, times)
        print(f"{name:>13}: {queries} queries, {median:.1f} ms median, {p95:.1f} ms p95")
    for name, select in (
        ("friends_presence", lambda: friends_presence(viewer_id=viewer.pk)),
        ("who_is_here", lambda: who_is_here(viewer_id=viewer.pk)),
    ):
        spent = []
        for _ in range(times):
            began = time.perf_counter()
            select()
            spent.append((time.perf_counter() - began) * 1000)
        print(f"{name:>17} alone: {statistics.median(spent):.2f} ms median")


def daphne(port: int, log: Path) -> subprocess.Popen[bytes]:
    bin_dir = Path(sys.executable).parent
    return subprocess.Popen(
        [
            str(bin_dir / "daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "euchre_site.asgi:application",
        ],
        cwd=ROOT,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "PRESENCE_GRACE_SECONDS": "0"},
    )


def wait_listening(port: int) -> None:
    import socket

    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"daphne on {port} did not start")


async def until(condition: Any, timeout: float = 30) -> float:
    """Waits for `condition()`; returns when it became true (time.monotonic())."""
    give_up = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > give_up:
            raise RuntimeError("not told in time")
        await asyncio.sleep(0.002)
    return time.monotonic()


async def latency(
    urls: list[str], viewer: tuple[Any, str], friend: tuple[Any, str], rounds: int
) -> list[float]:
    """A friend's page opens on B, then closes: the viewer's page on A is told each."""
    from games.lab.site_client import SiteClient

    viewers = SiteClient(url=urls[0], cookie=viewer[1])
    await viewers.open()
    await until(lambda: viewers.snapshots == 1)
    delays = []
    for _ in range(rounds):
        page = SiteClient(url=urls[1], cookie=friend[1])
        began = time.monotonic()
        await page.open()
        delays.append(await until(lambda: viewers.state_of(friend[0].pk) == "online") - began)
        began = time.monotonic()
        await page.close()
        delays.append(await until(lambda: viewers.state_of(friend[0].pk) == "away") - began)
    await viewers.close()
    return delays


def redis_eval_usec() -> float:
    """Redis's own time in scripts so far (microseconds)."""
    from games.live.services.presence_places import _sync

    return float(_sync().info("commandstats")["cmdstat_eval"]["usec"])


async def paced_changes(
    movers: list[int], seated: set[int], per_minute: int, seconds: float
) -> tuple[int, float]:
    """Movers go to a table and back, `per_minute` changes a minute for `seconds`, each
    made as a socket makes it (its own task, not waiting for the one before)."""
    from games.live.services.presence_places import (
        presence_place_add,
        presence_place_remove,
        table_place,
    )

    gap = 60 / per_minute
    running: set[asyncio.Task[None]] = set()
    began = time.monotonic()
    changes = 0
    while time.monotonic() - began < seconds:
        mover = movers[changes % len(movers)]
        place = table_place(f"bench-t-{mover}", game_id=mover, watchable=True)
        if mover in seated:
            seated.discard(mover)
            change = presence_place_remove(user_id=mover, place=place)
        else:
            seated.add(mover)
            change = presence_place_add(user_id=mover, place=place)
        task = asyncio.create_task(change)
        running.add(task)
        task.add_done_callback(running.discard)
        changes += 1
        ahead = began + changes * gap - time.monotonic()
        if ahead > 0:
            await asyncio.sleep(ahead)
    await asyncio.gather(*running)
    return changes, time.monotonic() - began


async def churn(
    urls: list[str], viewers: list[tuple[Any, str]], movers: list[int], args: Any, pids: list[int]
) -> None:
    """`args.updates` changes a minute among the movers, each followed by `args.followers`
    pages; the CPU of the daphnes and of this process (the movers' side) while it lasts."""
    from games.lab.site_client import SiteClient

    pages = [SiteClient(url=urls[n % 2], cookie=cookie) for n, (_, cookie) in enumerate(viewers)]
    for start in range(0, len(pages), 50):
        await asyncio.gather(*(page.open() for page in pages[start : start + 50]))
    await until(lambda: all(page.snapshots for page in pages), timeout=120)
    await asyncio.sleep(2)
    idle_before = [cpu_s(pid) for pid in pids]
    await asyncio.sleep(10)
    idle = sum(cpu_s(pid) - before for pid, before in zip(pids, idle_before, strict=True)) / 10
    heard_before = sum(len(page.heard) for page in pages)
    daphnes_before = [cpu_s(pid) for pid in pids]
    seated: set[int] = set()
    changes, elapsed = await paced_changes(movers, seated, args.updates, args.seconds)
    await asyncio.sleep(1)
    daphnes = sum(cpu_s(pid) - before for pid, before in zip(pids, daphnes_before, strict=True))
    heard = sum(len(page.heard) for page in pages) - heard_before
    per_minute = changes / elapsed * 60
    for page in pages:
        await page.close()
    # the changes alone, as the changing players' sockets make them (the script and a PUBLISH
    # when the state changed), with nobody following: this process's CPU
    own_before, redis_before = own_cpu_s(), redis_eval_usec()
    made, _ = await paced_changes(movers, seated, args.updates, min(args.seconds, 20))
    making = (own_cpu_s() - own_before) / made
    in_redis = (redis_eval_usec() - redis_before) / made  # others' scripts may be among them
    telling = (daphnes / elapsed - idle) / (heard / elapsed)
    print(
        f"churn: {changes:,} changes in {elapsed:.0f} s ({per_minute:,.0f} a minute), "
        f"{heard:,} told to {len(pages)} pages ({args.followers} following each mover)"
    )
    print(
        f"  daphnes' CPU: {idle * 100:.2f} % of one core idle (the pages' heartbeats), "
        f"{daphnes / elapsed * 100:.2f} % with the changes: {telling * 1e6:.0f} us a page told; "
        f"making a change: {making * 1e6:.0f} us (the pacing loop's task and timer too), "
        f"Redis {in_redis:.0f} us"
    )
    for followers in (1, args.followers):
        share = 10_000 / 60 * (making + in_redis / 1e6 + followers * telling) * 100
        print(
            f"  10,000 changes a minute, {followers} page(s) told each: {share:.1f} % of one core"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--online", type=int, default=10_000)
    parser.add_argument("--friends", type=int, default=200)
    parser.add_argument("--times", type=int, default=40, help="fetches of each page")
    parser.add_argument("--rounds", type=int, default=20, help="changes timed across daphnes")
    parser.add_argument("--updates", type=int, default=10_000, help="changes a minute")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--followers", type=int, default=5, help="open pages per mover")
    parser.add_argument("--movers", type=int, default=500)
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
    import django

    django.setup()
    from django.conf import settings

    from games.live.services.presence_places import site_place

    run = uuid.uuid4().hex[:8]
    print(f"Redis {settings.REDIS_URL} (prefix {settings.REDIS_KEY_PREFIX}), run {run}")
    pages(run, args.online, args.friends, args.times)

    logs = ROOT / "var" / "bench-presence"
    logs.mkdir(parents=True, exist_ok=True)
    ports = [free_port(), free_port()]
    processes = [daphne(port, logs / f"daphne{n}.log") for n, port in enumerate(ports)]
    try:
        for port in ports:
            wait_listening(port)
        urls = [f"ws://127.0.0.1:{port}" for port in ports]
        viewer, friend = players(2, run, "Pair")
        befriend_all([(viewer.pk, friend.pk)])
        delays = asyncio.run(
            latency(
                urls,
                (viewer, session_cookie_of(viewer)),
                (friend, session_cookie_of(friend)),
                args.rounds,
            )
        )
        delays_ms = sorted(delay * 1000 for delay in delays)
        print(
            f"told across daphnes ({len(delays)} changes; page opened or closed to told): "
            f"{statistics.median(delays_ms):.0f} ms median, {delays_ms[-1]:.0f} ms at most"
        )

        movers = [p.pk for p in players(args.movers, run, "Mover")]
        # each mover has a page open (the lobby), and goes to a table and back
        place_many(movers, lambda user_id: site_place(f"bench-{user_id}"))
        watchers = players(args.movers * args.followers // 50, run, "Follower")
        # each follower's page follows 50 movers: every mover has `followers` pages following
        befriend_all(
            [
                (follower.pk, movers[(n * 50 + k) % len(movers)])
                for n, follower in enumerate(watchers)
                for k in range(50)
            ]
        )
        viewers = [(follower, session_cookie_of(follower)) for follower in watchers]
        asyncio.run(churn(urls, viewers, movers, args, [p.pid for p in processes]))
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
    return 0


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


if __name__ == "__main__":
    raise SystemExit(main())
