"""The channel layer: channels_redis's publish-and-subscribe layer, with its sends off the
subscription lock and a move's sends in one round trip.

channels_redis (4.3) takes one asyncio lock per Redis shard for every publish, subscribe and
unsubscribe, and each publish holds it for a whole round trip. On a busy daphne a round trip
is an event-loop turn, so every send and every socket's four subscriptions waited in one line:
at 1,000 tables sockets missed daphne's five-second handshake and their retries made it worse.
Here a publish takes a connection of its own from a bounded pool that waits for a free one
(redis-py 8's plain pool raises past 100), and only the subscribing connection keeps the lock,
which it needs to keep its set of channels right.

Receiving is leaner than channels_redis's too (its receive loop was a tenth of a busy daphne):
the subscribing connection speaks RESP2, whose messages are plain replies (redis-py 8's RESP3
parser logs every pushed message with `str()` of it, debug on or not), and it waits for the
next message without a timeout, which cost an asyncio timeout context per message.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

import redis
from channels_redis.pubsub import (
    RedisPubSubChannelLayer,
    RedisPubSubLoopLayer,
    RedisSingleShardConnection,
)
from channels_redis.utils import _wrap_close, decode_hosts
from redis import asyncio as aioredis

logger = logging.getLogger(__name__)

# one connection subscribes; the rest carry sends, each for one round trip
POOL_CONNECTIONS = 16
_sync_clients_lock = threading.Lock()


def _after_fork_in_child() -> None:
    # a lock another thread held at the fork would be held for ever in the child
    global _sync_clients_lock
    _sync_clients_lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


class PubSubLayer(RedisPubSubChannelLayer):
    """Settings' CHANNEL_LAYERS backend. Also `group_send_many`, for the sends of a move."""

    def __getattr__(self, name: str) -> Any:
        if name == "group_send_many":
            return self._get_layer().group_send_many
        return super().__getattr__(name)

    def group_send_many_now(self, sends: list[tuple[str, dict[str, Any]]]) -> None:
        """`group_send_many` from synchronous code, in the calling thread: each (group,
        message) in the order given, one pipeline of a plain Redis client per shard. Handing
        a move's sends to an event loop's thread cost that thread 0.2-0.7 ms of CPU a move
        (the loop's wake-up, a task, a timeout, redis-py's asyncio pipeline) where this costs
        about 0.06 (docs/benchmarks.md, "What the figures rest on")."""
        by_shard: dict[int, list[tuple[str, bytes]]] = {}
        namer = self._sync_namer()
        for group, message in sends:
            channel = namer._get_group_channel_name(group)
            shard = namer._shards.index(namer._get_shard(channel))
            by_shard.setdefault(shard, []).append((channel, self.serialize(message)))
        for shard, publishes in by_shard.items():
            pipe = self._sync_client(shard).pipeline(transaction=False)
            for channel, message in publishes:
                pipe.publish(channel, message)
            pipe.execute()

    def _sync_namer(self) -> LoopLayer:
        """A loop layer used only for its names and shards (it opens no connection)."""
        namer = self.__dict__.get("_namer")
        if namer is None:
            namer = self.__dict__["_namer"] = LoopLayer(
                *self._args, **self._kwargs, channel_layer=self
            )
        return namer

    def _sync_client(self, shard: int) -> redis.Redis:
        clients = self.__dict__.setdefault("_sync_clients", {})
        key = (os.getpid(), shard)  # a forked child makes its own
        client = clients.get(key)
        if client is None:
            with _sync_clients_lock:
                host = dict(self._sync_namer()._shards[shard].host)
                address = host.pop("address")
                host.setdefault("protocol", 2)
                client = clients.setdefault(key, redis.Redis.from_url(address, **host))
        return client

    def _get_layer(self) -> RedisPubSubLoopLayer:
        # channels_redis's own, with this module's loop layer
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            self._layers[loop] = layer
            _wrap_close(self, loop)
        return layer


class LoopLayer(RedisPubSubLoopLayer):
    def __init__(self, hosts: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(hosts, *args, **kwargs)
        self._shards = [Shard(host, self) for host in decode_hosts(hosts)]

    async def group_send_many(self, sends: list[tuple[str, dict[str, Any]]]) -> None:
        """Each (group, message) in the order given, one pipeline per shard."""
        by_shard: dict[Shard, list[tuple[str, bytes]]] = {}
        for group, message in sends:
            channel = self._get_group_channel_name(group)
            by_shard.setdefault(self._get_shard(channel), []).append(
                (channel, self.channel_layer.serialize(message))
            )
        for shard, publishes in by_shard.items():
            await shard.publish_many(publishes)


class Shard(RedisSingleShardConnection):
    """One Redis connection subscribed for the loop's sockets, and a pool for sends.

    Subscriptions are written in batches: each (un)subscribe is queued at once, in order, and
    one writer sends all that waited as one SUBSCRIBE and one UNSUBSCRIBE per run, so a
    socket's four subscriptions and a burst of sockets' cost one write between them instead of
    a lock and a write each. A call returns once its command is written (as channels_redis's
    does: Redis has not answered yet). A change queued by a cancelled caller (a socket being
    shut down) is still written, so no subscription is left behind."""

    def __init__(self, host: Any, channel_layer: Any) -> None:
        super().__init__(host, channel_layer)
        self._changes: list[tuple[str, bool, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def subscribe(self, channel: str) -> None:
        await self._change(channel, subscribe=True)

    async def unsubscribe(self, channel: str) -> None:
        await self._change(channel, subscribe=False)

    async def _change(self, channel: str, *, subscribe: bool) -> None:
        done = asyncio.get_running_loop().create_future()
        self._changes.append((channel, subscribe, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_changes())
        # the writer goes on if this caller is cancelled
        await asyncio.shield(done)

    async def _write_changes(self) -> None:
        async with self._lock:
            while self._changes:
                changes, self._changes = self._changes, []
                try:
                    await self._write(changes)
                except BaseException as error:
                    for _, _, done in changes:
                        if not done.done():
                            done.set_exception(error)
                    if isinstance(error, asyncio.CancelledError):
                        raise
                else:
                    for _, _, done in changes:
                        if not done.done():
                            done.set_result(None)

    async def _write(self, changes: list[tuple[str, bool, asyncio.Future[None]]]) -> None:
        """Runs of the same kind, in order, each as one command."""
        self._ensure_redis()
        self._ensure_receiver()
        run: list[str] = []
        run_subscribes = True
        for channel, subscribe, _ in changes:
            if subscribe != run_subscribes and run:
                await self._send(run, subscribe=run_subscribes)
                run = []
            run_subscribes = subscribe
            if subscribe and channel not in self._subscribed_to:
                self._subscribed_to.add(channel)
                run.append(channel)
            elif not subscribe and channel in self._subscribed_to:
                self._subscribed_to.remove(channel)
                run.append(channel)
        if run:
            await self._send(run, subscribe=run_subscribes)

    async def _send(self, channels: list[str], *, subscribe: bool) -> None:
        try:
            if subscribe:
                await self._pubsub.subscribe(*channels)
            else:
                await self._pubsub.unsubscribe(*channels)
        except BaseException:
            # not written: as it was, so that a later call tries again
            if subscribe:
                self._subscribed_to.difference_update(channels)
            else:
                self._subscribed_to.update(channels)
            raise

    async def _do_receiving(self) -> None:
        """channels_redis's loop, with a read that waits as long as it takes (redis-py still
        reconnects and subscribes again if the connection drops)."""
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=None
                    )
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, TimeoutError, GeneratorExit):
                raise
            except BaseException:
                logger.exception("Unexpected exception in receive task")
                await asyncio.sleep(1)

    async def publish(self, channel: str, message: bytes) -> None:
        self._ensure_redis()
        await self._redis.publish(channel, message)

    async def publish_many(self, publishes: list[tuple[str, bytes]]) -> None:
        self._ensure_redis()
        async with self._redis.pipeline(transaction=False) as pipe:
            for channel, message in publishes:
                pipe.publish(channel, message)
            await pipe.execute()

    def _ensure_redis(self) -> None:
        if self._redis is None and "address" not in self.host:
            super()._ensure_redis()  # a sentinel or a host by parts: channels_redis's own pool
        if self._redis is None:
            host = dict(self.host)
            address = host.pop("address")
            host.setdefault("protocol", 2)
            pool = aioredis.BlockingConnectionPool.from_url(
                address, max_connections=POOL_CONNECTIONS, **host
            )
            self._redis = aioredis.Redis.from_pool(pool)
            self._pubsub = self._redis.pubsub()
