"""One redis-py client per connection pool, kept, where Django's cache and kombu's Redis
transport make a new one for every command.

A `redis.Redis` costs about 70 µs of CPU to build (redis-py 8 fills its table of response
callbacks for each client), more than a command's own round trip. Django's `RedisCacheClient`
builds one per cache call and kombu's Redis channel one per acknowledgement and per
unacknowledged-message bookkeeping: in the Celery worker's main process at strong tables that
was 18% of its py-spy samples (100 tables), for the move tasks' acks and the unmarking of each
received move task (`games.live.services.move_queue`); kept, the process's CPU a move fell by about
8% (docs/benchmarks.md, "What the figures rest on"). A client is safe to share between
threads (each command takes a connection from the pool); pipelines, which are not, are still
made per use. A pool that is replaced (kombu drops its pool when the connection is lost) gets
a new client with it.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from kombu.transport import redis as kombu_redis


class KeptClientCacheClient(RedisCacheClient):
    """Django's Redis cache client, keeping one redis-py client per pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)  # random among replicas for a read
        client = self._clients.get(index)
        if client is None:
            pool = self._pools.get(index)
            if pool is None:  # as Django's `_get_connection_pool`, for this index
                pool = self._pools[index] = self._pool_class.from_url(
                    self._servers[index], **self._pool_options
                )
            client = self._clients[index] = self._client(connection_pool=pool)
        return client


class KeptClientRedisCache(RedisCache):
    """The site's cache backend: Django's `RedisCache` with `KeptClientCacheClient`."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClientCacheClient


class KeptClientChannel(kombu_redis.Channel):
    """kombu's Redis channel, keeping its synchronous client (the one of acks, the
    unacknowledged messages' bookkeeping and publishing) for as long as its pool."""

    _kept_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        client = self._kept_client
        if client is None or client.connection_pool is not self.pool:
            client = self._kept_client = super()._create_client()
        return client


class KeptClientTransport(kombu_redis.Transport):
    """The broker's transport (`CELERY_BROKER_TRANSPORT`): kombu's Redis transport with
    `KeptClientChannel`."""

    Channel = KeptClientChannel
