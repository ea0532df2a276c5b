"""A burst larger than the database pool gets "busy, try again", never a server error.

Every HTTP request takes its database connection before anything else reads the session
(DatabaseBusyMiddleware): when the process's pool stays empty for DB_POOL_TIMEOUT seconds, or the
database cannot be reached, the answer is a 503 page (JSON for a client that asks only for JSON)
with Retry-After, rendered without touching the database. The connection, once taken, serves
the whole request and goes back to the pool when Django closes it at the request's end.

Table sockets read the session and the user before any consumer runs (channels'
AuthMiddleware); SocketBusyGuard turns a failure to reach the database there into the same
refusal the consumer gives (games.live.consumers: an error message, then close code 4503), where
daphne would otherwise answer the handshake with a 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse

from games.live.consumers import BUSY_MESSAGE, CLOSE_BUSY

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
PAGE_MESSAGE = "The site is busy just now. Please try again in a few seconds."


def busy_response(request: HttpRequest) -> HttpResponse:
    if request.accepts("application/json") and not request.accepts("text/html"):
        response: HttpResponse = JsonResponse(
            {"error": "busy", "message": PAGE_MESSAGE}, status=503
        )
    else:
        # no request context: the context processors would query the database
        retry_url = request.get_full_path() if request.method == "GET" else None
        page = render_to_string("503.html", {"message": PAGE_MESSAGE, "retry_url": retry_url})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseBusyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # /health/ reports an unreachable database itself, in its JSON
        if request.path_info != reverse("health"):
            try:
                connection.ensure_connection()
            except OperationalError as error:
                logger.warning("no database connection for %s: %s", request.path, error)
                return busy_response(request)
        return self.get_response(request)


class SocketBusyGuard:
    """ASGI middleware around the table sockets' stack (euchre_site.asgi)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        accepted = False

        async def send_noting_accept(message: dict[str, Any]) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept":
                accepted = True
            await send(message)

        try:
            await self.inner(scope, receive, send_noting_accept)
        except OperationalError as error:
            if accepted:
                raise  # the consumer was running: not a handshake's failure
            logger.warning("no database connection for a socket's handshake: %s", error)
            refusal = {"type": "error", "code": "busy", "message": BUSY_MESSAGE, "version": None}
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": json.dumps(refusal)})
            await send({"type": "websocket.close", "code": CLOSE_BUSY})
