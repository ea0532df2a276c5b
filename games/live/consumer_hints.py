"""A table socket's hints (services/hints.py): the part of `TableConsumer` that passes a hint
request on and sends the answer a worker made to this player's sockets. A mixin, so that the
consumer's own file stays as it was; it holds no state itself.

In: {"type": "hint", "version": 12}. Out: {"type": "hint", ...} (the answer), or the usual
error frame when refused (nothing changes then).
"""

from __future__ import annotations

from typing import Any

from .consumer_threads import on_any_thread
from .services.hints import HintRefused, hint_request


class SocketHints:
    game_id: int
    user_id: int

    async def ask_hint(self, message: dict[str, Any]) -> None:
        if set(message) - {"type", "version"}:
            # a hint is always for the socket's own seat: one naming a seat (or anything else)
            # is a forgery, answered as a malformed message
            await self.send_error(  # type: ignore[attr-defined]
                "bad_message", "A hint message has only a type and a version: it is for your seat."
            )
            return
        try:
            await on_any_thread(hint_request)(
                game_id=self.game_id, user_id=self.user_id, version=message["version"]
            )
        except HintRefused as refused:
            await self.send_error(  # type: ignore[attr-defined]
                refused.code, refused.message, version=refused.version
            )

    async def hint_answer(self, event: dict[str, Any]) -> None:
        """A worker's answer to a hint this player asked for, from any of their sockets here."""
        await self.send_json(event["answer"])  # type: ignore[attr-defined]
