"""The sockets of the watchers' storm (`games.lab.load_watch`): the probes, other tables' players
timing their syncs, and the storming watchers, run in a process of their own."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from typing import Any

from .load_client import page_origin

RECONNECT_SECONDS = 0.5
SYNC = json.dumps({"type": "sync", "version": 0})


async def connected(url: str, cookie: str) -> Any:
    from websockets.asyncio.client import connect

    return await connect(
        url,
        origin=page_origin(url),
        additional_headers={"Cookie": cookie},
        open_timeout=30,
        ping_interval=None,
        compression=None,
        proxy=None,
        max_size=2**24,
    )


async def probe(
    url: str,
    game_id: int,
    cookie: str,
    every: float,
    until: float,
    phase: Any,
    times: dict[str, list[float]],
    counts: Counter[str],
) -> None:
    """One table socket timing its syncs: each sample goes to the list of `phase()` when sent."""
    ws = await connected(f"{url}/ws/tables/{game_id}/", cookie)
    try:
        while json.loads(await ws.recv())["type"] != "chat":  # the opening state, then its chat
            pass
        while time.monotonic() < until:
            sent, label = time.monotonic(), phase()
            await ws.send(SYNC)
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
                if isinstance(frame, dict) and frame.get("type") == "state":
                    break
                if isinstance(frame, dict) and frame.get("type") == "error":
                    counts[f"probe error {frame.get('code')}"] += 1
            times[label].append(time.monotonic() - sent)
            times["at"].append((sent, time.monotonic() - sent))
            await asyncio.sleep(max(0.0, sent + every - time.monotonic()))
    finally:
        await ws.close()


async def watcher(
    url: str,
    game_id: int,
    cookie: str,
    rate: float,
    until: float,
    counts: Counter[str],
    reconnect: float = RECONNECT_SECONDS,
) -> None:
    """One watch socket of a storming script: syncs `rate` times a second, reconnecting
    `reconnect` seconds after each close (0: never), until `until` (monotonic)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    while time.monotonic() < until:
        try:
            ws = await connected(f"{url}/ws/tables/{game_id}/watch/", cookie)
        except (OSError, TimeoutError, InvalidHandshake):
            counts["failed connects"] += 1
            await asyncio.sleep(RECONNECT_SECONDS)
            continue
        counts["connections"] += 1
        reading = asyncio.create_task(_read(ws, counts))
        try:
            while time.monotonic() < until and not reading.done():
                await ws.send(SYNC)
                counts["syncs sent"] += 1
                await asyncio.sleep(1 / rate)
        except ConnectionClosed:
            pass
        finally:
            await ws.close()
            await asyncio.gather(reading, return_exceptions=True)
        if not reconnect:
            return
        if time.monotonic() < until:
            await asyncio.sleep(reconnect)


async def _read(ws: Any, counts: Counter[str]) -> None:
    """Counts what the server sends: a state frame (tens of KB) by its head, without parsing it,
    so that the storm's own CPU stays small."""
    from websockets.exceptions import ConnectionClosed

    try:
        async for raw in ws:
            counts["bytes received"] += len(raw)
            if len(raw) > 2000 and '"type":"state"' in raw[:200]:
                counts["state frames"] += 1
                continue
            frame = json.loads(raw)
            for each in frame if isinstance(frame, list) else (frame,):
                kind = each.get("type")
                counts[f"error {each.get('code')}" if kind == "error" else f"{kind} frames"] += 1
    except ConnectionClosed:
        pass
    code = ws.close_code
    counts[f"closed {code}"] += 1


def storm_process(pipe: Any, urls: list[str], game_id: int, cookies: list[str], args: Any) -> None:
    """The watchers' storm in a process of its own, so that its work does not delay the probes'
    loop (what they time): ready, then told when to start and stop, then sends its counts."""
    pipe.send("ready")
    storm_from, until = pipe.recv()
    counts: Counter[str] = Counter()

    async def storm() -> None:
        await asyncio.sleep(max(0.0, storm_from - time.monotonic()))
        sockets = [
            (urls[(a * args.sockets + s) % len(urls)], cookie)
            for a, cookie in enumerate(cookies)
            for s in range(args.sockets)
        ]
        await asyncio.gather(
            *(
                watcher(url, game_id, cookie, args.rate, until, counts, args.reconnect)
                for url, cookie in sockets
            )
        )

    started = time.process_time()
    asyncio.run(storm())
    counts["storm's own CPU ms"] = round(1000 * (time.process_time() - started))
    pipe.send(dict(counts))
