"""A page's site socket (/ws/site/) as the tests and the presence benchmark hold it: a real
WebSocket to a running daphne that keeps every presence message, with when it arrived."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from .load_client import page_origin


class SiteClient:
    def __init__(self, *, url: str, cookie: str) -> None:
        self.url = url  # ws://host:port of a daphne
        self.cookie = cookie
        self.heard: list[tuple[float, dict[str, Any]]] = []  # (time.monotonic(), person)
        self.snapshots = 0  # full lists received (at connect, when the friends changed)
        self.events: list[dict[str, Any]] = []  # {"type": "site"} messages' events
        self._ws: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        self._ws = await connect(
            f"{self.url}/ws/site/",
            origin=page_origin(self.url),
            additional_headers={"Cookie": self.cookie},
            open_timeout=30,
            ping_interval=None,
            compression=None,
            proxy=None,
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for text in self._ws:
            message = json.loads(text)
            if message["type"] == "presence":
                self.snapshots += bool(message["full"])
                now = time.monotonic()
                self.heard.extend((now, person) for person in message["people"])
            elif message["type"] == "site":
                self.events.append(message["event"])

    def state_of(self, user_id: int) -> str | None:
        """The last state heard of a player (None: never heard)."""
        for _, person in reversed(self.heard):
            if person["user"] == user_id:
                return person["state"]
        return None

    def last_of(self, user_id: int) -> dict[str, Any] | None:
        return next((p for _, p in reversed(self.heard) if p["user"] == user_id), None)

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
