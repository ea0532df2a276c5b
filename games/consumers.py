"""The live table over WebSocket. Thin: it checks the shape of messages and calls services.

In: {"type": "act", "action": "play:JS", "version": 12}, {"type": "touch", "version": 12},
{"type": "sync", "version": 12}, {"type": "chat", "text": "...", "version": 12}.
Out: {"type": "state", "version": ..., "view": ...} (this seat's own view, after every change),
{"type": "error", "code": ..., "message": ..., "version": ...} and
{"type": "chat", "version": ..., "messages": [...]}. A socket may act only for its own seat:
the seat comes from the session's user, never from the message.
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from .selectors import table_state
from .services.after_move import table_group
from .services.chat import ChatRejected, chat_post, chat_recent
from .services.play import MoveRejected, game_act, seat_touch

MAX_MESSAGE_CHARS = 2000
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_SEATED = 4403


class TableConsumer(AsyncWebsocketConsumer):
    game_id: int
    user_id: int
    version: int = 0

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user_id = user.pk
        state = await database_sync_to_async(table_state)(
            game_id=self.game_id, user_id=self.user_id
        )
        if state is None:
            await self.close(code=CLOSE_NOT_SEATED)
            return
        await self.channel_layer.group_add(table_group(self.game_id), self.channel_name)
        await self.accept()
        self.version = state["version"]
        await self.send_json(state)
        history = await database_sync_to_async(chat_recent)(game_id=self.game_id)
        await self.send_chat(history)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "game_id"):
            await self.channel_layer.group_discard(table_group(self.game_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = self._parse(text_data, bytes_data)
        if isinstance(message, str):
            await self.send_error("bad_message", message)
            return
        kind = message["type"]
        if kind == "act":
            action = message.get("action")
            if not isinstance(action, str) or len(action) > 40:
                await self.send_error("bad_message", "An act message needs an action string.")
                return
            try:
                await database_sync_to_async(game_act)(
                    game_id=self.game_id,
                    user_id=self.user_id,
                    action=action,
                    version=message["version"],
                )
            except MoveRejected as rejected:
                await self.send_error(rejected.code, rejected.message, version=rejected.version)
                await self.send_state()  # whatever went wrong, show the table as it is
        elif kind == "touch":
            await database_sync_to_async(seat_touch)(game_id=self.game_id, user_id=self.user_id)
        elif kind == "sync":
            await self.send_state()
        elif kind == "chat":
            text = message.get("text")
            if not isinstance(text, str):
                await self.send_error("bad_message", "A chat message needs text.")
                return
            try:
                await database_sync_to_async(chat_post)(
                    game_id=self.game_id, user_id=self.user_id, text=text
                )
            except ChatRejected as rejected:
                await self.send_error(rejected.code, rejected.message, version=self.version)
        else:
            await self.send_error("unknown_type", f"Unknown message type {kind!r}.")

    async def game_changed(self, event: dict[str, Any]) -> None:
        """The table changed: send this socket its own seat's view (never a shared one)."""
        await self.send_state()

    async def chat_message(self, event: dict[str, Any]) -> None:
        await self.send_chat([event["message"]])

    async def send_state(self) -> None:
        state = await database_sync_to_async(table_state)(
            game_id=self.game_id, user_id=self.user_id
        )
        if state is not None:
            self.version = state["version"]
            await self.send_json(state)

    async def send_chat(self, messages: list[dict[str, Any]]) -> None:
        await self.send_json({"type": "chat", "version": self.version, "messages": messages})

    async def send_error(self, code: str, message: str, *, version: int | None = None) -> None:
        await self.send_json(
            {"type": "error", "code": code, "message": message, "version": version}
        )

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    @staticmethod
    def _parse(text_data: str | None, bytes_data: bytes | None) -> dict[str, Any] | str:
        """The message as a dict, or why it is refused."""
        if text_data is None:
            return "Messages are JSON text."
        if len(text_data) > MAX_MESSAGE_CHARS:
            return f"Messages are at most {MAX_MESSAGE_CHARS} characters."
        try:
            message = json.loads(text_data)
        except ValueError:
            return "Messages are JSON."
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return "A message is a JSON object with a type."
        version = message.get("version")
        if type(version) is not int or version < 0:
            return "A message carries the game version it was sent from."
        return message
