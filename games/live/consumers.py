"""The live table over WebSocket. Thin: it checks the shape of messages and calls services.

In: {"type": "act", "action": "play:JS", "version": 12}, {"type": "touch", "version": 12},
{"type": "sync", "version": 12}, {"type": "continue", "hand": 3, "version": 12} (my page
moved on from hand 3's summary: services/hand_pause.py),
{"type": "chat", "text": "...", "version": 12},
{"type": "mute", "seat": 2, "version": 12}, {"type": "unmute", "seat": 2, "version": 12} and
{"type": "hint", "version": 12} (consumer_hints.py).
Out: {"type": "state", "version": ..., "view": ...} (this seat's own view, after every change;
a frame pushed after a move has the table's part, its rules and seats, only when this socket has
not sent the same: games/live/frame_wire.py),
{"type": "error", "code": ..., "message": ..., "version": ...}, {"type": "chat", "messages":
[...]} (new lines; with "history": true and "muted_seats" the whole recent chat less muted
players' lines, on connect and on a mute), {"type": "watchers", "count": n} (games.watch.consumers).
A socket acts only for its own seat: the seat comes from the session's user, not the message.

Each socket also listens on its player's own group: a block closes it at once (close code
4003), a mute or unmute in any tab refreshes its chat.

A player may hold GAME_SOCKETS_PER_PLAYER table and watch sockets open at once (and a client
address GAME_SOCKETS_PER_ADDRESS), counted over every process in Redis (services/socket_slots.py):
one more is accepted, told "too_many_sockets" and closed with 4029. A sync costs one query and
no replay while the game is at the version this socket last sent, and none at all within
GAME_SYNC_COALESCE_SECONDS of it. When the process's database pool stays exhausted for its
timeout, the socket is told "busy" (closed with 4503 if it was connecting), never crashed.

Floods (games/live/rate_limit.py): a socket sending faster than a person could gets one
{"type": "error", "code": "rate_limited"} and its extra messages are dropped; malformed messages
are answered with "bad_message"; both cost strikes, and a socket out of strikes is told
"flooding" and closed with 4008, and its player's new sockets are refused (told "flooding", closed
with 4008) for GAME_FLOOD_COOLDOWN_SECONDS (services/socket_slots.py). A player whose sockets,
table and watch, together send faster than one may (their shared budget,
services/message_budget.py) is told "rate_limited" too and the extra messages are dropped, without
a strike. A message over MAX_MESSAGE_CHARS is answered "too_big" and the socket closed with 4009
(daphne itself closes with 1009 beyond --websocket-max-message-size).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from games.engine_states import STATES
from games.models import Game
from games.selectors import table_state

from .consumer_hints import SocketHints
from .consumer_places import SocketPlaces
from .consumer_threads import DatabaseBusy, on_any_thread
from .frame_wire import frames_message, message_parsed, wire_text
from .rate_limit import SocketGuard, Verdict
from .selectors import MutesAtTable
from .services.after_move import seat_group, table_group
from .services.chat import ChatRejected, chat_opening_reads, chat_post, chat_with_mutes
from .services.hand_pause import ContinueRefused, hand_continue
from .services.message_budget import PlayerBudget
from .services.move_retry import MoveBusy, game_act_retrying
from .services.mutes import MuteRefused, chat_mute_seat, chat_unmute_seat
from .services.play import MoveRejected, seat_touch
from .services.player_sockets import player_group
from .services.presence import watcher_count_async
from .services.presence_places import table_place
from .services.socket_beats import SocketBeat
from .services.socket_slots import SocketSlot

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 2000
CLOSE_BLOCKED = 4003
# 1009 ("message too big") is sent by daphne itself beyond --websocket-max-message-size; an
# application may close only with 1000 or 3000-4999, so the consumer's own refusal is 4009
CLOSE_TOO_BIG = 4009
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_SEATED = 4403
CLOSE_BUSY = 4503
BLOCKED_MESSAGE = "Your account has been blocked: you can no longer play or chat here."
BUSY_MESSAGE = "The server is busy just now: try again in a moment."


class TableConsumer(SocketHints, SocketPlaces, AsyncWebsocketConsumer):
    game_id: int
    user_id: int
    version: int = 0
    mutes: MutesAtTable = MutesAtTable(user_ids=frozenset(), seats=[])
    guard: SocketGuard
    accepted: bool = False
    slot: SocketSlot | None = None
    heartbeat: SocketBeat | None = None
    budget: PlayerBudget | None = None  # shared with the player's other sockets here
    # the last state frame sent (a dict, or a pushed frame's text), and when (time.monotonic):
    # a repeated sync's answer; how many finished hands the page's history holds, and the
    # table's part it holds from a pushed frame (None: from a whole state, or none)
    frame: dict[str, Any] | None = None
    pushed_body: str | None = None
    frame_sent_at: float = float("-inf")
    hands_sent: int | None = None
    table_sent: str | None = None
    watchers: int = 0  # the watchers' count last sent
    presence_place: str | None = None  # the player's place it holds (presence_places)
    beat_tells_watchers = True

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # however the consumer ends (closed, crashed, cancelled), its place is given back
            await self.leave_slot()

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            # not channels' dispatch, which hops to its sync thread to close old connections
            # for every message (a twentieth of daphne's work under load): on_any_thread does
            await handler(message)
        except (DatabaseBusy, DatabaseError) as error:
            # no connection in the pool's time, or a statement's error (a deadlock broken, a
            # connection lost): the socket says so and stays open (a crash would close it 1011)
            logger.warning("table socket: database error on %s: %r", message.get("type"), error)
            if message.get("type") == "websocket.connect":
                await self.refuse("busy", BUSY_MESSAGE, CLOSE_BUSY)  # the page comes back
            else:
                await self.send_error("busy", BUSY_MESSAGE, version=self.version)

    async def connect(self) -> None:
        self.guard = SocketGuard()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user_id = user.pk
        if not await self.take_slot():
            return
        state = await on_any_thread(table_state)(game_id=self.game_id, user_id=self.user_id)
        if state is None:
            await self.close(code=CLOSE_NOT_SEATED)
            return
        await self.channel_layer.group_add(table_group(self.game_id), self.channel_name)
        await self.channel_layer.group_add(player_group(self.user_id), self.channel_name)
        await self.channel_layer.group_add(self.seat_group, self.channel_name)
        await self.accept()
        # the session was read before this socket listened for blocks: ask again now, in the
        # chat's trip to a database thread (a burst of reconnecting sockets waits on each trip)
        blocked, self.mutes, history = await on_any_thread(chat_opening_reads)(
            user_id=self.user_id, game_id=self.game_id
        )
        if blocked:
            await self.player_blocked({})
            return
        await self.send_frame(state)
        await self.send_chat_history(history)
        # a public table: anyone signed in may watch it (a friend's lobby offers "Watch")
        await self.take_presence_place(
            table_place(
                self.channel_name, game_id=self.game_id, watchable=state["kind"] == Game.Kind.PUBLIC
            )
        )
        await self.send_watchers(await watcher_count_async(game_id=self.game_id))

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        self.accepted = True

    async def refuse(
        self, code: str, message: str, close_code: int, *, retry_after: int | None = None
    ) -> None:
        """Accepts, says why and closes: a browser sees no reason for a refused handshake."""
        if not self.accepted:
            await self.accept()
        await self.send_error(code, message, version=None, retry_after=retry_after)
        await self.close(code=close_code)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(table_group(self.game_id), self.channel_name)
            await self.channel_layer.group_discard(player_group(self.user_id), self.channel_name)
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)
        await self.leave_slot()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        verdict = self.guard.admit()
        if verdict is Verdict.PASS:  # then the player's budget, with their other sockets
            verdict = self.guard.shared(self.budget is None or await self.budget.take())
        if verdict is Verdict.CLOSE:
            await self.close_flooding()
            return
        if verdict is Verdict.DROP:
            return
        if verdict is Verdict.WARN:
            await self.send_error("rate_limited", "Too many messages: slow down.", version=None)
            return
        size = len(text_data) if text_data is not None else len(bytes_data or b"")
        if size > MAX_MESSAGE_CHARS:
            self.guard.closed = True
            await self.send_error(
                "too_big", f"Messages are at most {MAX_MESSAGE_CHARS} characters."
            )
            await self.close(code=CLOSE_TOO_BIG)
            return
        message = message_parsed(text_data)
        if isinstance(message, str):
            if not self.guard.strike():
                await self.close_flooding()
                return
            await self.send_error("bad_message", message)
            return
        await self.handle(message)

    async def handle(self, message: dict[str, Any]) -> None:
        """A well-formed message of this socket's player (a watcher's: games.watch.consumers)."""
        kind = message["type"]
        if kind == "act":
            action = message.get("action")
            if not isinstance(action, str) or len(action) > 40:
                await self.send_error("bad_message", "An act message needs an action string.")
                return
            try:
                version = message["version"]
                await on_any_thread(game_act_retrying)(
                    game_id=self.game_id, user_id=self.user_id, action=action, version=version
                )
            except MoveBusy as busy:  # the page sends it again
                await self.send_busy_move(busy)
            except MoveRejected as rejected:
                await self.send_error(rejected.code, rejected.message, version=rejected.version)
                await self.send_state()  # whatever went wrong, show the table as it is
        elif kind == "touch":
            await on_any_thread(seat_touch)(game_id=self.game_id, user_id=self.user_id)
        elif kind == "sync":
            await self.sync()
        elif kind == "hint":
            await self.ask_hint(message)
        elif kind == "continue":
            hand = message.get("hand")  # the finished hand whose summary my page moved on from
            if type(hand) is not int or not 0 <= hand <= 10_000:
                await self.send_error("bad_message", "A continue message needs a hand number.")
                return
            try:
                await on_any_thread(hand_continue)(
                    game_id=self.game_id, user_id=self.user_id, hand=hand
                )
            except ContinueRefused as refused:
                await self.send_error(refused.code, refused.message, version=refused.version)
        elif kind == "chat":
            text = message.get("text")
            if not isinstance(text, str):
                await self.send_error("bad_message", "A chat message needs text.")
                return
            try:
                await on_any_thread(chat_post)(
                    game_id=self.game_id, user_id=self.user_id, text=text
                )
            except ChatRejected as rejected:
                await self.send_error(rejected.code, rejected.message, version=self.version)
        elif kind in ("mute", "unmute"):
            seat = message.get("seat")
            if type(seat) is not int or not 0 <= seat <= 3:
                await self.send_error("bad_message", f"A {kind} message needs a seat, 0 to 3.")
                return
            change = chat_mute_seat if kind == "mute" else chat_unmute_seat
            try:  # every socket of mine, this one too, refreshes its chat when told after commit
                await on_any_thread(change)(user_id=self.user_id, game_id=self.game_id, seat=seat)
            except MuteRefused as refused:
                await self.send_error(refused.code, refused.message, version=self.version)
        else:
            await self.send_error("unknown_type", f"Unknown message type {kind[:40]!r}.")

    async def send_busy_move(self, busy: MoveBusy) -> None:
        """My move met database errors on every attempt: my page sends it again (the action
        with the version it was for) unless the table moved on meanwhile."""
        error = {"type": "error", "code": busy.code, "message": busy.message}
        await self.send_json({**error, "version": busy.version, "action": busy.action})

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The table changed: send this socket its own seat's view (never a shared one).
        A repeated announcement (the sweeper's) is only for sockets that missed the version."""
        if event.get("if_newer") and event["version"] <= self.version:
            return
        await self.send_state()

    async def game_frames(self, event: dict[str, Any]) -> None:
        """My seat's frames of new versions, oldest first, as text made by the mover (sent to
        my player's sockets at this table only), but those I have sent; the finished hands'
        history and the table's part only when my page has others (`games.live.frame_wire`). A
        run's frames go in one message (a send costs a daphne far more than its bytes)."""
        histories = dict(event.get("histories") or ())
        table = event.get("table")
        now = timezone.now().isoformat()
        texts, build_my_own = [], False
        for pushed in event["frames"]:
            if pushed["version"] <= self.version:
                continue
            history = None
            if pushed["hands"] != self.hands_sent:
                history = histories.get(pushed["hands"])
                if history is None:  # not the mover's: build my own
                    build_my_own = True
                    break
            self.version, self.frame, self.pushed_body = pushed["version"], None, pushed["body"]
            self.frame_sent_at, self.hands_sent = time.monotonic(), pushed["hands"]
            new_table = None if table == self.table_sent else table
            self.table_sent = table
            texts.append(wire_text(pushed["body"], now, history, new_table))
        if texts:
            await self.send(text_data=frames_message(texts))
        if build_my_own:
            await self.send_state()
        if log := event.get("log"):  # this process's next move at the table reads no log
            STATES.advance(self.game_id, log[0], log[1])

    @property
    def seat_group(self) -> str:
        return seat_group(self.game_id, self.user_id)

    async def chat_message(self, event: dict[str, Any]) -> None:
        if event.get("user_id") in self.mutes.user_ids:
            return  # my player muted the writer
        await self.send_chat([event["message"]])

    async def watchers_changed(self, event: dict[str, Any]) -> None:
        await self.send_watchers(event["count"])

    async def send_watchers(self, count: int) -> None:
        """How many watch this table, each time it changes."""
        if count != self.watchers:
            self.watchers = count
            await self.send_json({"type": "watchers", "count": count})

    async def mutes_changed(self, event: dict[str, Any]) -> None:
        """My player muted or unmuted someone, in this tab or another."""
        await self.send_chat_history()

    async def player_blocked(self, event: dict[str, Any]) -> None:
        """Staff blocked my player: say so, and close at once."""
        await self.send_error("blocked", BLOCKED_MESSAGE, version=self.version)
        await self.close(code=CLOSE_BLOCKED)

    async def sync(self) -> None:
        """The client asks for its seat's state again. Within GAME_SYNC_COALESCE_SECONDS of the
        last frame, that frame goes again without asking the database (a change since would
        have been announced to this socket); later, send_state replays only a new version."""
        if time.monotonic() - self.frame_sent_at < settings.GAME_SYNC_COALESCE_SECONDS:
            now = timezone.now().isoformat()
            if self.frame is not None:
                await self.send_json({**self.frame, "server_time": now})
                return
            if self.pushed_body is not None:  # the page has its history
                await self.send(text_data=wire_text(self.pushed_body, now))
                return
        await self.send_state()

    async def send_state(self) -> None:
        state = await on_any_thread(table_state)(
            game_id=self.game_id, user_id=self.user_id, last_frame=self.frame
        )
        if state is not None:
            await self.send_frame(state)

    async def send_frame(self, state: dict[str, Any]) -> None:
        self.version, self.frame, self.pushed_body = state["version"], state, None
        self.table_sent = None
        self.frame_sent_at = time.monotonic()
        view = state.get("view")
        self.hands_sent = len(view["history"]) if view and "history" in view else None
        await self.send_json(state)

    async def send_chat(self, messages: list[dict[str, Any]]) -> None:
        await self.send_json({"type": "chat", "version": self.version, "messages": messages})

    async def send_chat_history(self, history: list[dict[str, Any]] | None = None) -> None:
        """(Re)loads my player's mutes and the recent chat without the muted lines (unless the
        opening read them), then sends it."""
        if history is None:
            self.mutes, history = await on_any_thread(chat_with_mutes)(
                user_id=self.user_id, game_id=self.game_id
            )
        chat = {"type": "chat", "version": self.version, "history": True}
        await self.send_json({**chat, "muted_seats": self.mutes.seats, "messages": history})

    async def send_error(
        self, code: str, message: str, *, version: int | None = None, retry_after: int | None = None
    ) -> None:
        """`retry_after`: seconds before a new socket of this player would be let in."""
        error = {"type": "error", "code": code, "message": message, "version": version}
        if retry_after is not None:
            error["retry_after"] = retry_after
        await self.send_json(error)

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
