"""One person's browser at a live table, as the load generator and the fault tests drive it:
real WebSocket connections to running daphne processes, doing what the page script does."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

# the load generator's own parsing was a quarter of its CPU, on the site's machine
from orjson import loads as frame_loads

from games.live.frame_wire import TABLE_KEYS

# close codes after which the page script stops reconnecting (blocked, not logged in, no seat)
FINAL_CLOSE_CODES = frozenset({4003, 4401, 4403})


class TableClient:
    """One person's browser at one table.

    Connects to `urls[url_index]`; when a connection cannot be made it moves on to the next URL
    (what a balancer does when a process is gone), and after any close it reconnects, like the
    page script. Every connection starts with the server's snapshot of the seat, so a reconnect
    is a sync. Frames older than the newest state are ignored and counted. With `autoplay`, it
    plays a legal move of its own seat `think` seconds after its turn comes.
    """

    def __init__(
        self,
        *,
        game_id: int,
        cookie: str,
        urls: list[str],
        url_index: int = 0,
        autoplay: bool = True,
        think: tuple[float, float] = (0.05, 0.2),
        rng: random.Random | None = None,
        origin: str | None = None,
        on_state: Callable[[TableClient, int], None] | None = None,
        on_sent: Callable[[TableClient, int], None] | None = None,
        stop_when_over: bool = True,
        reconnect: bool = True,
    ) -> None:
        self.game_id = game_id
        self.cookie = cookie
        self.urls = [url.rstrip("/") for url in urls]
        self.url_index = url_index
        self.autoplay = autoplay
        self.think = think
        self.rng = rng or random.Random()
        self.origin = origin  # None: the page of the site being connected to, as in a browser
        self.on_state = on_state
        self.on_sent = on_sent
        self.stop_when_over = stop_when_over
        self.reconnect = reconnect
        self.state: dict[str, Any] | None = None
        self.table: dict[str, Any] = {}  # the last table's part received
        self.bytes_received = 0  # every message's text, as the page would read it
        self.version = -1
        self.versions: list[int] = []  # the version of every state frame taken
        self.errors: list[str] = []  # the codes of the error frames received
        self.close_codes: list[int] = []
        self.connected_to: list[str] = []  # the URL of every connection made
        self.connect_failures = 0
        self.connect_failure_kinds: Counter[str] = Counter()  # why, by exception (and status)
        self.out_of_order = 0
        self.skipped = 0  # versions never seen because a newer state came first (harmless)
        self.moves_sent = 0
        self.stopped = False
        self.game_over = False
        self._acted_for = -1
        self._ws: Any = None
        # when the page shows the newest frame: like the page script, a computer's move is shown
        # computer_pause_ms after the move before it, and the person plays once their turn shows
        self.shown_at = 0.0

    @property
    def url(self) -> str:
        return self.urls[self.url_index % len(self.urls)]

    @property
    def connected(self) -> bool:
        return self._ws is not None

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        delay = 0.1
        while not self.stopped:
            code: int | None = None
            try:
                async with connect(
                    f"{self.url}/ws/tables/{self.game_id}/",
                    origin=self.origin or page_origin(self.url),
                    additional_headers={"Cookie": self.cookie},
                    open_timeout=30,
                    ping_interval=None,
                    compression=None,
                    proxy=None,
                    max_size=2**22,
                ) as ws:
                    self._ws = ws
                    self._acted_for = -1  # a move sent on a lost connection may never have arrived
                    self.connected_to.append(self.url)
                    delay = 0.1
                    async for raw in ws:
                        self.bytes_received += len(raw)
                        data = frame_loads(raw)
                        # a run of moves comes as one array of frames, oldest first
                        for frame in data if isinstance(data, list) else (data,):
                            self._take(frame)
                        if self.stopped or (self.game_over and self.stop_when_over):
                            break
                code = ws.close_code
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else 1006
            except (OSError, TimeoutError, InvalidHandshake) as failure:
                self.connect_failures += 1
                self.connect_failure_kinds[_failure_kind(failure)] += 1
            finally:
                self._ws = None
            if code is not None:
                self.close_codes.append(code)
            if self.stopped or code in FINAL_CLOSE_CODES or not self.reconnect:
                break
            if self.game_over and self.stop_when_over:
                break
            if code is None:
                self.url_index += 1  # nobody answers there: the next process
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    async def stop(self) -> None:
        self.stopped = True
        ws = self._ws
        if ws is not None:
            await ws.close()

    async def send(self, message: dict[str, Any] | str | bytes) -> bool:
        """Sends a raw message (the fault tests send junk too); False when not connected."""
        ws = self._ws
        if ws is None:
            return False
        payload = message if isinstance(message, (str, bytes)) else json.dumps(message)
        try:
            await ws.send(payload)
        except Exception:  # closed under us: the run loop reconnects
            return False
        return True

    def my_turn(self) -> bool:
        state = self.state
        return bool(
            state
            and state["status"] == "playing"
            and not state.get("cancelled")
            and state["view"]["to_act"] == state["my_seat"]
            and state["view"]["legal_actions"]
        )

    def _take(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "error":
            self.errors.append(str(frame.get("code")))
            return
        if kind != "state":
            return
        if "seats" in frame:  # the table's part, sent when it changed (games.live.frame_wire)
            self.table = {key: frame[key] for key in TABLE_KEYS if key in frame}
        else:
            frame.update(self.table)
        version = frame["version"]
        if version < self.version:
            self.out_of_order += 1
            return
        if self.version >= 0 and version > self.version + 1:
            self.skipped += version - self.version - 1
        self.shown_at = self._shown_at(frame)
        self.version = version
        self.state = frame
        self.versions.append(version)
        if frame["status"] == "finished":
            self.game_over = True
        if self.on_state is not None:
            self.on_state(self, version)
        if self.autoplay and self.my_turn() and self._acted_for != version:
            self._acted_for = version
            action = self.rng.choice(self.state["view"]["legal_actions"])
            shows_in = max(0.0, self.shown_at - time.monotonic())
            asyncio.get_running_loop().create_task(self._play(version, action, shows_in))

    def _shown_at(self, frame: dict[str, Any]) -> float:
        """When the page shows `frame` (the table page's pacing.js, paceOf): the next move, by a
        computer, a pause after the frame before it; anything else at once."""
        now, state = time.monotonic(), self.state
        if state is None or frame["version"] != self.version + 1:
            return now
        mover = state["view"].get("to_act")
        seat = next((seat for seat in state["seats"] if seat["position"] == mover), None)
        if mover == state["my_seat"] or seat is None or not seat["computer"]:
            return now
        return max(now, self.shown_at + frame.get("computer_pause_ms", 0) / 1000)

    async def _play(self, version: int, action: str, shows_in: float = 0.0) -> None:
        await asyncio.sleep(shows_in + self.rng.uniform(*self.think))
        if self.version != version or self.stopped:
            return  # the table moved on meanwhile (or this socket was replaced)
        if self.on_sent is not None:
            self.on_sent(self, version)
        if await self.send({"type": "act", "action": action, "version": version}):
            self.moves_sent += 1


def page_origin(url: str) -> str:
    """The origin of the site's own page for a socket URL (ws://host:port -> http://host:port):
    the site refuses sockets from any other origin."""
    parts = urlparse(url)
    return f"{'https' if parts.scheme == 'wss' else 'http'}://{parts.netloc}"


def _failure_kind(failure: BaseException) -> str:
    """A failed connect's name for the report: the HTTP status when the server answered."""
    response = getattr(failure, "response", None)
    status = getattr(response, "status_code", None)
    return f"{type(failure).__name__}:{status}" if status else type(failure).__name__
