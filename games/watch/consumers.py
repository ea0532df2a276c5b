"""Watching a live table over WebSocket (/ws/tables/<id>/watch/): a table socket without a seat.

Who may watch is decided in one place (`games.watch.selectors.watch_access`); anyone else is
told why and closed with 4403 (a player seated here opens the table as a player). Frames are
the table's spectator view as of its last checkpoint (`watch_state`): no hidden card, no card
of a trick in progress. The table's chat reaches watchers (every line: they mute nobody), but a
watcher acts for no seat and writes nothing: an act, chat, mute, unmute or touch is answered
with the error frame "watching" and changes nothing.

Each watch socket takes a socket slot like a player's (the same limits: a player's table and watch
sockets count together), shares its player's message budget with their other sockets
(`games.live.services.message_budget`) and takes a place in the table's watchers
(`games.live.services.presence`); the players' sockets are told the new count: a process's joins and
leaves at a table within ANNOUNCE_AFTER_SECONDS in one message (`announce_soon`), so that N watchers
arriving together cost the table's sockets N messages, not N² (64 watchers joining together sent
2,080).

A frame is built once for every watcher of every process (`games.watch.frames`): a sync
within GAME_SYNC_COALESCE_SECONDS of the socket's last frame gets that frame again without a
query; later, one query reads which frame is the game's now, and the frame comes from the
cache (or from a build another watcher of this process started, or a build of its own).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.live.consumer_threads import on_any_thread
from games.live.consumers import CLOSE_NOT_LOGGED_IN, CLOSE_NOT_SEATED, TableConsumer, logger
from games.live.frame_wire import wire_text
from games.live.rate_limit import SocketGuard
from games.live.selectors import player_is_blocked
from games.live.services.after_move import table_group, watch_group
from games.live.services.chat import chat_recent
from games.live.services.player_sockets import player_group
from games.live.services.presence import (
    watcher_count_async,
    watcher_join,
    watcher_leave,
)
from games.live.services.presence_places import watch_place
from games.live.services.socket_beats import socket_beat_settled
from games.models import Game

from .frames import WatchFrame, watch_frame, watch_frame_kept, watch_frame_of
from .selectors import Access, WatchAccess, watch_access

WATCHERS_ONLY = "You are watching this table: watchers cannot play or chat."
PLAYING_HERE = "You play at this table: open it as a player."
ANNOUNCE_AFTER_SECONDS = 0.2

# each event loop's tables with a count to tell, and the tasks that will tell them
_announcing: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, set[int]] = (
    weakref.WeakKeyDictionary()
)
_announcers: set[asyncio.Task[None]] = set()


def announce_soon(channel_layer: Any, game_id: int) -> None:
    """Tells the table's sockets (players and watchers) how many watch, ANNOUNCE_AFTER_SECONDS
    from now: once for every join and leave of this process's sockets meanwhile."""
    pending = _announcing.setdefault(asyncio.get_running_loop(), set())
    if game_id in pending:
        return
    pending.add(game_id)
    task = asyncio.ensure_future(_announce(channel_layer, game_id, pending))
    _announcers.add(task)
    task.add_done_callback(_announcers.discard)


async def _announce(channel_layer: Any, game_id: int, pending: set[int]) -> None:
    try:
        await asyncio.sleep(ANNOUNCE_AFTER_SECONDS)
    finally:
        pending.discard(game_id)  # a change from here on is told again
    try:
        count = await watcher_count_async(game_id=game_id)
        await channel_layer.group_send(
            table_group(game_id), {"type": "watchers.changed", "count": count}
        )
    except Exception:  # Redis away: the players' sockets read the count at their next beat
        logger.warning("watch socket: could not tell the watchers' count", exc_info=True)


def watch_access_to(*, game_id: int, user_id: int) -> WatchAccess | None:
    """None when there is no such table."""
    game = Game.objects.filter(pk=game_id).first()
    return None if game is None else watch_access(game=game, user_id=user_id)


def watch_opening_reads(
    *, game_id: int, user_id: int
) -> tuple[bool, tuple[str, WatchFrame | None] | None, list[dict[str, Any]]]:
    """What a watch socket reads once it listens, in one trip to a database thread: is its
    player blocked, the table's frame if it was built (`watch_frame_kept`), its chat."""
    return (
        player_is_blocked(user_id=user_id),
        watch_frame_kept(game_id=game_id),
        chat_recent(game_id=game_id),
    )


class WatchConsumer(TableConsumer):
    watching: bool = False  # counted among the table's watchers
    beat_tells_watchers = False
    # the game's version the last frame was read at, and that frame's own version and status
    game_version: int = -1
    shown: tuple[int, str] | None = None

    async def connect(self) -> None:
        self.guard = SocketGuard()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user_id = user.pk
        allowed = await on_any_thread(watch_access_to)(game_id=self.game_id, user_id=self.user_id)
        if allowed is None:
            await self.close(code=CLOSE_NOT_SEATED)
            return
        if allowed.access is not Access.WATCH:
            why = PLAYING_HERE if allowed.access is Access.PLAYER else allowed.message
            await self.refuse("not_watching", why, CLOSE_NOT_SEATED)
            return
        if not await self.take_slot():
            return
        await self.channel_layer.group_add(table_group(self.game_id), self.channel_name)
        await self.channel_layer.group_add(watch_group(self.game_id), self.channel_name)
        await self.channel_layer.group_add(player_group(self.user_id), self.channel_name)
        await self.accept()
        blocked, kept, history = await on_any_thread(watch_opening_reads)(
            game_id=self.game_id, user_id=self.user_id
        )
        if blocked:
            await self.player_blocked({})
            return
        await self.show(await watch_frame_of(self.game_id, kept))
        await self.send_chat_history(history)
        self.watching = True
        if self.heartbeat is not None:
            self.heartbeat.watching = True  # its beats keep its place among the watchers
        await watcher_join(game_id=self.game_id, member=self.channel_name)
        announce_soon(self.channel_layer, self.game_id)
        await self.take_presence_place(watch_place(self.channel_name, game_id=self.game_id))

    async def disconnect(self, code: int) -> None:
        if self.watching:
            self.watching = False
            if self.heartbeat is not None:
                self.heartbeat.watching = False
                await socket_beat_settled(self.heartbeat)
            try:
                await watcher_leave(game_id=self.game_id, member=self.channel_name)
            except Exception:  # Redis away: the entry expires unbeaten
                logger.warning("watch socket: could not leave the watchers", exc_info=True)
            else:
                announce_soon(self.channel_layer, self.game_id)
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(watch_group(self.game_id), self.channel_name)
        await super().disconnect(code)

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "sync":
            await self.sync()
        elif kind == "continue":
            return  # a watcher's page moving on from a hand's summary paces nobody's clock
        elif kind in ("act", "chat", "mute", "unmute", "touch", "hint"):
            await self.send_error("watching", WATCHERS_ONLY, version=self.version)
        else:
            await self.send_error("unknown_type", f"Unknown message type {kind[:40]!r}.")

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The table moved: a new frame only when a checkpoint passed. A repeated announcement
        (the sweeper's) only for a socket that has not read the game at that version."""
        if event.get("if_newer") and event["version"] <= self.game_version:
            return
        await self.send_state()

    async def sync(self) -> None:
        """Within GAME_SYNC_COALESCE_SECONDS of the last frame, that frame again without
        asking the database (a change since would have been announced to this socket)."""
        if (
            self.pushed_body is not None
            and time.monotonic() - self.frame_sent_at < settings.GAME_SYNC_COALESCE_SECONDS
        ):
            await self.send(text_data=wire_text(self.pushed_body, timezone.now().isoformat()))
            return
        await self.send_state(again=True)

    async def send_state(self, again: bool = False) -> None:
        await self.show(await watch_frame(self.game_id), again=again)

    async def show(self, frame: WatchFrame | None, again: bool = True) -> None:
        """Sends the table's frame, unless (not `again`) it shows what the last one did."""
        if frame is None:
            return
        self.game_version = max(self.game_version, frame.game_version)
        if not again and self.shown == (frame.version, frame.status):
            return  # moves within a trick (or the bidding): nothing new for a watcher
        await self.send_watch_frame(frame)

    async def send_watch_frame(self, frame: WatchFrame) -> None:
        self.version, self.pushed_body = frame.version, frame.body
        self.shown = (frame.version, frame.status)
        self.frame_sent_at = time.monotonic()
        await self.send(text_data=wire_text(frame.body, timezone.now().isoformat()))

    async def chat_message(self, event: dict[str, Any]) -> None:
        await self.send_chat([event["message"]])

    async def mutes_changed(self, event: dict[str, Any]) -> None:
        return  # a watcher mutes nobody

    async def send_chat_history(self, history: list[dict[str, Any]] | None = None) -> None:
        if history is None:
            history = await on_any_thread(chat_recent)(game_id=self.game_id)
        await self.send_json(
            {
                "type": "chat",
                "version": self.version,
                "history": True,
                "muted_seats": [],
                "messages": history,
            }
        )
