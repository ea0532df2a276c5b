"""Listening to channel-layer groups from synchronous test code, with the site's layer (Redis
publish and subscribe).

The layer keeps its subscriptions per event loop, so a listener owns one loop, on a thread of
its own, for its whole life. And a SUBSCRIBE is sent, not confirmed: a message published before
Redis has it reaches nobody, so adding a group waits until Redis counts the subscriber.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine, Iterator
from typing import Any

from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import channel_layers

from games.live.services.loop_redis import loop_redis

SUBSCRIBED_WITHIN_SECONDS = 5.0


async def until_subscribed(layer: Any, group: str) -> None:
    """Returns once Redis counts a subscriber of `group` (this process's, after group_add)."""
    name = layer._get_layer()._get_group_channel_name(group)
    deadline = asyncio.get_running_loop().time() + SUBSCRIBED_WITHIN_SECONDS
    while True:
        counts = await loop_redis().pubsub_numsub(name)
        if counts and counts[0][1] > 0:
            return
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"Redis never counted a subscriber of {group}")
        await asyncio.sleep(0.01)


class GroupListener:
    """One channel in the given groups; `next()` is its next message."""

    def __init__(self, *groups: str) -> None:
        self.layer = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.channel: str = self._run(self.layer.new_channel())
        for group in groups:
            self.add(group)

    def _run(self, coroutine: Coroutine[Any, Any, Any], timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def add(self, group: str) -> None:
        async def add() -> None:
            await self.layer.group_add(group, self.channel)
            await until_subscribed(self.layer, group)

        self._run(add())

    def discard(self, group: str) -> None:
        self._run(self.layer.group_discard(group, self.channel))

    def next(self, timeout: float = 5.0) -> dict[str, Any]:
        return self._run(asyncio.wait_for(self.layer.receive(self.channel), timeout), timeout + 5)

    def nothing(self, timeout: float = 0.5) -> bool:
        """True if no message comes within `timeout` (then the listener is done with)."""
        try:
            self.next(timeout)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._run(self.layer.flush())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@contextlib.contextmanager
def listening(*groups: str) -> Iterator[list[GroupListener]]:
    """A listener for each group, closed at the end."""
    listeners = [GroupListener(group) for group in groups]
    try:
        yield listeners
    finally:
        for listener in listeners:
            listener.close()
