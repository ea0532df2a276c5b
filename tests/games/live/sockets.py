"""Opening table sockets through the real ASGI application: origin check, session login,
the Redis channel layer."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User
from euchre_site.asgi import application


def session_cookie(user: User) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


async def table_socket(
    game_id: int, user: User | None, origin: str = "http://localhost"
) -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"localhost")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, f"/ws/tables/{game_id}/", headers=headers)


async def receive(socket: WebsocketCommunicator, timeout: float = 5) -> dict[str, Any]:
    return json.loads(await socket.receive_from(timeout=timeout))


async def send(socket: WebsocketCommunicator, message: dict[str, Any] | str) -> None:
    await socket.send_to(text_data=message if isinstance(message, str) else json.dumps(message))


async def join(socket: WebsocketCommunicator) -> dict[str, Any]:
    """Connects and returns the snapshot of my seat, after which the chat history arrives."""
    connected, code = await socket.connect()
    assert connected, f"refused with close code {code}"
    state = await receive(socket)
    assert state["type"] == "state"
    history = await receive(socket)
    assert history["type"] == "chat"
    return state


def run(scenario: Any) -> Any:
    """Runs an async test scenario from a sync test, on the test's own thread."""
    return async_to_sync(scenario)()
