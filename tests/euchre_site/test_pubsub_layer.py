"""The site's channel layer (euchre_site/pubsub_layer.py) on the machine's Redis: a burst of
sockets subscribing at once, each message reaching exactly its groups' channels, a move's sends
in the order given, and no subscription left behind by a socket cancelled while it shuts down."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import channel_layers

from euchre_site.pubsub_layer import PubSubLayer
from games.live.services.loop_redis import loop_redis

pytestmark = pytest.mark.services

SOCKETS = 60


def a_layer() -> PubSubLayer:
    layer = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)
    assert isinstance(layer, PubSubLayer)
    return layer


async def subscribers(layer: PubSubLayer, group: str) -> int:
    name = layer._get_layer()._get_group_channel_name(group)
    return (await loop_redis().pubsub_numsub(name))[0][1]


async def until(condition, seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, "not within the time"
        await asyncio.sleep(0.02)


def test_a_burst_of_sockets_each_in_three_groups_gets_exactly_its_messages(redis_client):
    run_id = uuid.uuid4().hex[:8]

    async def scenario() -> None:
        layer = a_layer()
        channels = [await layer.new_channel() for _ in range(SOCKETS)]

        def groups_of(index: int) -> list[str]:
            return [f"t{run_id}.table.{index // 4}", f"t{run_id}.seat.{index}", f"t{run_id}.all"]

        # every socket's three subscriptions at the same moment, as a burst of reconnects
        await asyncio.gather(
            *(
                layer.group_add(group, channel)
                for index, channel in enumerate(channels)
                for group in groups_of(index)
            )
        )

        async def all_counted() -> bool:
            return await subscribers(layer, f"t{run_id}.seat.{SOCKETS - 1}") == 1

        await until(all_counted)
        await layer.group_send(f"t{run_id}.seat.5", {"type": "seat", "n": 5})
        await layer.group_send(f"t{run_id}.table.2", {"type": "table", "n": 2})
        await layer.group_send(f"t{run_id}.all", {"type": "all"})
        got: dict[int, list[str]] = {}
        for index, channel in enumerate(channels):
            expected = 1 + (index == 5) + (index // 4 == 2)
            got[index] = [
                (await asyncio.wait_for(layer.receive(channel), 5))["type"] for _ in range(expected)
            ]
        assert got[5] == ["seat", "all"]
        assert got[9] == ["table", "all"] and got[8] == ["table", "all"]
        assert got[0] == ["all"]
        await layer.flush()

    asyncio.run(scenario())


def test_a_moves_sends_arrive_in_the_order_given(redis_client):
    group = f"t{uuid.uuid4().hex[:8]}.seat"

    async def scenario() -> None:
        layer = a_layer()
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        await until(lambda: _positive(subscribers(layer, group)))
        await layer.group_send_many([(group, {"type": "frame", "n": n}) for n in range(40)])
        received = [(await asyncio.wait_for(layer.receive(channel), 5))["n"] for _ in range(40)]
        assert received == list(range(40))
        await layer.flush()

    asyncio.run(scenario())


def test_a_socket_cancelled_while_it_shuts_down_leaves_no_subscription(redis_client):
    group = f"t{uuid.uuid4().hex[:8]}.table"

    async def scenario() -> None:
        layer = a_layer()
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        await until(lambda: _positive(subscribers(layer, group)))
        # as daphne does with a socket that closes: its receive is cancelled, and the group
        # discard of a consumer that is cancelled again on its way out
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0.05)
        discard = asyncio.ensure_future(layer.group_discard(group, channel))
        await asyncio.sleep(0)  # the discard has begun
        waiting.cancel()
        discard.cancel()
        await asyncio.gather(waiting, discard, return_exceptions=True)

        async def gone() -> bool:
            return await subscribers(layer, group) == 0

        await until(gone)
        name = layer._get_layer()._get_group_channel_name(group)
        assert name not in layer._get_layer()._shards[0]._subscribed_to
        await layer.flush()

    asyncio.run(scenario())


async def _positive(count) -> bool:
    return await count > 0
