"""An asyncio Redis client for the running event loop: the sockets' counts and presence
(socket_slots, presence) on the site's Redis (REDIS_URL).

A client's connections belong to the loop that opened them, so each loop has its own, closed
when that loop closes (as channels_redis does for its own connections). The channel layer's
client served here before; the publish-and-subscribe layer has none to lend.
"""

from __future__ import annotations

import asyncio
import types
import weakref
from typing import Any

import redis.asyncio as aioredis
from django.conf import settings

# a daphne's sockets' calls at once (connects, heartbeats, presence); past it a call waits
POOL_CONNECTIONS = 100

_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, aioredis.Redis] = (
    weakref.WeakKeyDictionary()
)


def loop_redis() -> aioredis.Redis:
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        # reads wait longer than redis-py's default 5 s, as the channel layer's do; past
        # POOL_CONNECTIONS calls at once a call waits for a connection (redis-py 8's plain pool
        # raises there, which left sockets' places counted after they closed, under load)
        pool = aioredis.BlockingConnectionPool.from_url(
            settings.REDIS_URL,
            max_connections=POOL_CONNECTIONS,
            timeout=30,
            socket_timeout=30,
            socket_connect_timeout=5,
        )
        client = aioredis.Redis.from_pool(pool)  # closed with the client
        _clients[loop] = client
        _close_with(loop)
    return client


def _close_with(loop: asyncio.AbstractEventLoop) -> None:
    """Closes the loop's client just before the loop itself closes."""
    original = loop.close

    def close(self: asyncio.AbstractEventLoop, *args: Any, **kwargs: Any) -> None:
        client = _clients.pop(self, None)
        if client is not None and not self.is_running():
            self.run_until_complete(client.aclose())
        self.close = original  # type: ignore[method-assign]
        return original(*args, **kwargs)

    loop.close = types.MethodType(close, loop)  # type: ignore[method-assign]
