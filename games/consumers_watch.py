"""Watching a live table over WebSocket (/ws/tables/<id>/watch/): a table socket without a seat.

Who may watch is decided in one place (`games.selectors_watch.watch_access`); anyone else is
told why and closed with 4403 (a player seated here opens the table as a player). Frames are
the table's spectator view as of its last checkpoint (`watch_state`): no hidden card, no card
of a trick in progress. The table's chat reaches watchers (every line: they mute nobody), but a
watcher acts for no seat and writes nothing: an act, chat, mute, unmute or touch is answered
with the error frame "watching" and changes nothing.

Each watch socket takes a socket slot like a player's (the same limits) and a place in the
table's watchers (`services.presence`); the players' sockets are told the new count.
"""

from __future__ import annotations

from typing import Any

from .consumer_threads import on_any_thread
from .consumers import CLOSE_NOT_LOGGED_IN, CLOSE_NOT_SEATED, TableConsumer, logger
from .models import Game
from .rate_limit import SocketGuard
from .selectors_moderation import player_is_blocked
from .selectors_watch import Access, WatchAccess, watch_access, watch_state
from .services.after_move import table_group, watch_group
from .services.chat import chat_recent
from .services.player_sockets import player_group
from .services.presence import online_mark_async, watcher_join, watcher_leave
from .services.socket_beats import socket_beat_settled

WATCHERS_ONLY = "You are watching this table: watchers cannot play or chat."
PLAYING_HERE = "You play at this table: open it as a player."


def watch_access_to(*, game_id: int, user_id: int) -> WatchAccess | None:
    """None when there is no such table."""
    game = Game.objects.filter(pk=game_id).first()
    return None if game is None else watch_access(game=game, user_id=user_id)


class WatchConsumer(TableConsumer):
    watching: bool = False  # counted among the table's watchers
    beat_tells_watchers = False

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
        if await on_any_thread(player_is_blocked)(user_id=self.user_id):
            await self.player_blocked({})
            return
        await self.send_state()
        await self.send_chat_history()
        self.watching = True
        if self.heartbeat is not None:
            self.heartbeat.watching = True  # its beats keep its place among the watchers
        await self.announce(await watcher_join(game_id=self.game_id, member=self.channel_name))
        await online_mark_async(user_id=self.user_id)

    async def disconnect(self, code: int) -> None:
        if self.watching:
            self.watching = False
            if self.heartbeat is not None:
                self.heartbeat.watching = False
                await socket_beat_settled(self.heartbeat)
            try:
                count = await watcher_leave(game_id=self.game_id, member=self.channel_name)
                await self.announce(count)
            except Exception:  # Redis away: the entry expires unbeaten
                logger.warning("watch socket: could not leave the watchers", exc_info=True)
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(watch_group(self.game_id), self.channel_name)
        await super().disconnect(code)

    async def announce(self, count: int) -> None:
        """Tells the table's sockets (players and watchers) how many watch now."""
        await self.channel_layer.group_send(
            table_group(self.game_id), {"type": "watchers.changed", "count": count}
        )

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "sync":
            await self.sync()
        elif kind in ("act", "chat", "mute", "unmute", "touch"):
            await self.send_error("watching", WATCHERS_ONLY, version=self.version)
        else:
            await self.send_error("unknown_type", f"Unknown message type {kind[:40]!r}.")

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The table moved: a new frame only when a checkpoint passed."""
        await self.send_state()

    async def sync(self) -> None:
        await self.send_state(again=True)

    async def send_state(self, again: bool = False) -> None:
        state = await on_any_thread(watch_state)(game_id=self.game_id)
        if state is None:
            return
        last = self.frame
        if (
            not again
            and last is not None
            and (last["version"], last["status"]) == (state["version"], state["status"])
        ):
            return  # moves within a trick (or the bidding): nothing new for a watcher
        await self.send_frame(state)

    async def chat_message(self, event: dict[str, Any]) -> None:
        await self.send_chat([event["message"]])

    async def mutes_changed(self, event: dict[str, Any]) -> None:
        return  # a watcher mutes nobody

    async def send_chat_history(self) -> None:
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
