"""A watcher's frame built once for every watcher, not once per socket and sync.

`selectors.watch_state` replays the game's whole log (a long game's is about a thousand
actions). Every watch socket did that on each sync and each move, so eight accounts holding
eight watch sockets each, syncing seven times a second on a long finished game, took another
table's sync from p50 5 ms to 600-960 ms (docs/benchmarks.md, "Watchers' storm"). Now a frame is
built once for everything it depends on, named by its key (`watch_stamp`): the game, its
version and status, and its seats' players, cancellations and time limits. The frame, as its
JSON text without its send time (`games.live.frame_wire.wire_text` adds it), is kept

- in the site's cache (Redis, shared by every process) under that key: a finished game's for
  WATCH_FRAME_FINISHED_SECONDS (it never changes), a game in play's for
  WATCH_FRAME_PLAYING_SECONDS (its next move makes a new key); nothing is ever invalidated, a
  change makes another key;
- in each process, the latest of each game (at most MEMO_GAMES games), so that a watcher's
  sync costs the one query that reads the key, and no cache round trip;
- and while one is being built, a process's other watchers asking for the same key wait for
  that build rather than start their own (`watch_frame`).

Only the spectator's view is kept: `watch_state` holds no hidden card and no card of a trick in
progress, and no seat's own view ever goes in. A player's new display name shows in a finished
game's frame once its cache entry expires.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson
from django.core.cache import cache

from games.live.consumer_threads import on_any_thread
from games.models import Game, Seat

from .selectors import watch_seats, watch_state_of

WATCH_FRAME_FINISHED_SECONDS = 24 * 3600
WATCH_FRAME_PLAYING_SECONDS = 120
MEMO_GAMES = 256


@dataclass(frozen=True)
class WatchFrame:
    key: str  # what it was built from (`watch_stamp`)
    game_version: int  # the game's version it was built at
    version: int  # the frame's own: the actions its view shows (the last checkpoint)
    status: str  # the frame's: "playing" until the view shows the game's end
    body: str  # the frame's JSON text without "server_time"

    def as_state(self, server_time: str) -> dict[str, Any]:
        """The frame as a dict, with its send time (the watch page's first frame)."""
        return {**orjson.loads(self.body), "server_time": server_time}


def _stamp(game_id: int, version: int, status: str, seats: list[tuple[Any, ...]]) -> str:
    players = ";".join(",".join(str(field) for field in seat) for seat in seats)
    digest = hashlib.blake2b(players.encode(), digest_size=8).hexdigest()
    return f"watch-frame:{game_id}:{version}:{status}:{digest}"


def watch_stamp(*, game_id: int) -> tuple[str, int] | None:
    """The key of the game's watch frame now, and the game's version (one query; None: no such
    game)."""
    rows = list(
        Seat.objects.filter(game_id=game_id)
        .order_by("position")
        .values_list("game__version", "game__status", "user_id", "cancelled", "time_limit_ms")
    )
    if not rows:
        return None
    version, status = rows[0][0], rows[0][1]
    return _stamp(game_id, version, status, [row[2:] for row in rows]), version


_memo: OrderedDict[int, WatchFrame] = OrderedDict()
_memo_lock = threading.Lock()


def _remember(game_id: int, frame: WatchFrame) -> None:
    with _memo_lock:
        _memo[game_id] = frame
        _memo.move_to_end(game_id)
        while len(_memo) > MEMO_GAMES:
            _memo.popitem(last=False)


def watch_frame_kept(*, game_id: int) -> tuple[str, WatchFrame | None] | None:
    """The game's watch frame now when it was built already (by this process or any other),
    else None beside its key; None for no such game. One query, and a cache read unless this
    process holds the frame."""
    stamp = watch_stamp(game_id=game_id)
    if stamp is None:
        return None
    key = stamp[0]
    with _memo_lock:
        mine = _memo.get(game_id)
    if mine is not None and mine.key == key:
        return key, mine
    kept = cache.get(key)
    if kept is None:
        return key, None
    frame = WatchFrame(key, *kept)
    _remember(game_id, frame)
    return key, frame


def watch_frame_build(*, game_id: int) -> WatchFrame | None:
    """Builds the game's watch frame (a replay of its log) and keeps it for every watcher, under
    the key of what it was built from (the game may have moved since its key was read)."""
    seats = watch_seats(game_id=game_id)
    if not seats:
        return None
    game = seats[0].game
    players = [(seat.user_id, seat.cancelled, seat.time_limit_ms) for seat in seats]
    key = _stamp(game_id, game.version, game.status, players)
    state = watch_state_of(seats)
    del state["server_time"]
    body = orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS).decode()
    frame = WatchFrame(key, game.version, state["version"], state["status"], body)
    finished = game.status == Game.Status.FINISHED
    timeout = WATCH_FRAME_FINISHED_SECONDS if finished else WATCH_FRAME_PLAYING_SECONDS
    cache.set(key, (frame.game_version, frame.version, frame.status, frame.body), timeout)
    _remember(game_id, frame)
    return frame


def watch_frame_now(*, game_id: int) -> WatchFrame | None:
    """The game's watch frame now, built if nobody has (the watch page; None: no such game)."""
    kept = watch_frame_kept(game_id=game_id)
    if kept is None:
        return None
    return kept[1] or watch_frame_build(game_id=game_id)


# the builds under way on each event loop, by key: a process's watchers share one
_building: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[str, asyncio.Task[WatchFrame | None]]
] = weakref.WeakKeyDictionary()


async def watch_frame(game_id: int) -> WatchFrame | None:
    """A watch socket's frame of the game now (None: no such game): one query and what was
    built already, or one build for every socket of this process asking meanwhile. Raises
    `DatabaseBusy` as the sockets' other calls do."""
    return await watch_frame_of(game_id, await on_any_thread(watch_frame_kept)(game_id=game_id))


async def watch_frame_of(
    game_id: int, kept: tuple[str, WatchFrame | None] | None
) -> WatchFrame | None:
    """`watch_frame` from what `watch_frame_kept` answered (in a trip of the caller's)."""
    if kept is None:
        return None
    key, frame = kept
    if frame is not None:
        return frame
    building = _building.setdefault(asyncio.get_running_loop(), {})
    task = building.get(key)
    if task is None:
        task = asyncio.ensure_future(on_any_thread(watch_frame_build)(game_id=game_id))
        building[key] = task
        task.add_done_callback(lambda done: _built(building, key, done))
    # shielded: a socket that goes away meanwhile does not end the build the others wait for
    return await asyncio.shield(task)


def _built(building: dict[str, Any], key: str, task: asyncio.Task[Any]) -> None:
    if building.get(key) is task:
        del building[key]
    if not task.cancelled():
        task.exception()  # retrieved, whether or not a socket still waits for it
