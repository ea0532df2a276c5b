"""The first door of a table or watch socket: a session whose player was just closed for
flooding is refused before anything else is done for it.

A flooding script reconnects as soon as it is closed. The player's cool-down
(services/socket_slots.py) refuses those connections at the consumer, but by then daphne has
read the session and the user from the database and made the socket its channel on the
channel layer. Here the session cookie alone is looked up in Redis (one command), and the
connection is accepted, told why ("flooding", with the seconds left) and closed with 4008,
as the consumer would. A flooder who logs in again has a new session: the consumer's check
by player still refuses it. With Redis out of reach the gate lets the connection through.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie
from redis.exceptions import RedisError

from .consumer_places import CLOSE_FLOODING
from .services.socket_slots import SocketsCoolingDown, session_cooldown_left

logger = logging.getLogger(__name__)


def session_cookie_of(scope: dict[str, Any]) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            return parse_cookie(value.decode("latin-1")).get(settings.SESSION_COOKIE_NAME)
    return None


class FloodCooldownGate:
    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        session_key = session_cookie_of(scope) if scope["type"] == "websocket" else None
        if session_key:
            try:
                left = await session_cooldown_left(session_key)
            except (RedisError, OSError):
                logger.warning("table socket: could not read the flood cool-down", exc_info=True)
                left = 0
            if left > 0:
                await refuse(receive, send, SocketsCoolingDown(left))
                return None
        return await self.inner(scope, receive, send)


async def refuse(receive: Any, send: Any, cooling: SocketsCoolingDown) -> None:
    """Accepts, says why and when to come back, and closes, as the consumer's refusals do: a
    browser sees no reason for a refused handshake."""
    opening = await receive()
    if opening["type"] != "websocket.connect":
        return
    error = {
        "type": "error",
        "code": cooling.code,
        "message": cooling.message,
        "version": None,
        "retry_after": cooling.seconds_left,
    }
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": json.dumps(error, separators=(",", ":"))})
    await send({"type": "websocket.close", "code": CLOSE_FLOODING})
