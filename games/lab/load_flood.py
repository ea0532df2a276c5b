"""Flooding sockets for the load generator: while the tables play, some seated players' second
sockets send messages far faster than a person can (issue 21: a flood from one socket costs
the server no more than its rate limits allow, and the other tables play on as before).

Each flooder connects as its player to that player's table and sends a valid-looking message
(a sync) `rate` times a second; the server warns, drops, strikes and closes it ("flooding",
4008), and the flooder connects again half a second later, as a script would: while its
player's cool-down lasts (GAME_FLOOD_COOLDOWN_SECONDS) each of those connections is refused
before its opening, then a new round of flooding starts.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from typing import Any

from games.lab.load_client import page_origin

RECONNECT_SECONDS = 0.5


async def flood(
    url: str, game_id: int, cookie: str, args: Any, until: float, counts: Counter[str]
) -> None:
    """Floods `game_id`'s socket at `url` as the player of `cookie`, `args.flood_rate` messages
    a second, until `until` (monotonic): counts messages sent, connections made and how each
    ended."""
    rate = args.flood_rate
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    message = json.dumps({"type": "sync", "version": 0})
    while time.monotonic() < until:
        try:
            async with connect(
                f"{url.rstrip('/')}/ws/tables/{game_id}/",
                origin=page_origin(url),
                additional_headers={"Cookie": cookie},
                open_timeout=30,
                ping_interval=None,
                compression=None,
                proxy=None,
                max_size=2**22,
            ) as ws:
                counts["connections"] += 1
                drain = asyncio.create_task(_drained(ws))
                try:
                    while time.monotonic() < until:
                        await ws.send(message)
                        counts["sent"] += 1
                        await asyncio.sleep(1 / rate)
                finally:
                    drain.cancel()
        except ConnectionClosed as closed:
            counts[f"closed {closed.rcvd.code if closed.rcvd else 1006}"] += 1
        except (OSError, TimeoutError, InvalidHandshake):
            counts["failed connects"] += 1
        await asyncio.sleep(RECONNECT_SECONDS)


async def _drained(ws: object) -> None:
    """Reads what the server sends (its frames and errors), so that its writes never wait."""
    async for _ in ws:  # type: ignore[attr-defined]
        pass
