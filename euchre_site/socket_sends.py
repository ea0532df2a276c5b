"""A send to a WebSocket whose client went away is dropped quietly.

A client may close its socket at any moment: right after a sync, say, while its consumer is
still building the answer. daphne drops a send once it has seen the connection go, but in
between (the client's close frame read, the connection not yet lost) autobahn refuses it with
`Disconnected` ("Attempt to send on a closed protocol"), which ended the consumer and put
"Exception inside application" in daphne's log: an error nobody can act on, which hides real
ones. Every send of a WebSocket application goes through `ClosedSocketSends`: dropped once the
client's disconnect has been received, and dropped (that exception only, caught) when autobahn
says the connection is closed.
"""

from __future__ import annotations

from typing import Any

from autobahn.exception import Disconnected


class ClosedSocketSends:
    """ASGI middleware for the WebSocket protocol (HTTP passes through)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.inner(scope, receive, send)
        gone = False

        async def receiving() -> dict[str, Any]:
            nonlocal gone
            message = await receive()
            if message["type"] == "websocket.disconnect":
                gone = True
            return message

        async def sending(message: dict[str, Any]) -> None:
            nonlocal gone
            if gone:
                return
            try:
                await send(message)
            except Disconnected:  # the client closed, and daphne has not noticed yet
                gone = True

        return await self.inner(scope, receiving, sending)
