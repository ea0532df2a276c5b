"""A player's message budget shared by all of their sockets (games/live/services/message_budget.py),
on the real Redis: its burst, then its rate, the same for two processes' shares, refusals
answered in memory until a token is due, and messages let through when Redis is away."""

from __future__ import annotations

import asyncio
import itertools
import time
import uuid

import pytest

from games.live.services.message_budget import (
    PlayerBudget,
    player_budget_join,
    player_budget_key,
    player_budget_leave,
)

pytestmark = [pytest.mark.services]

# ids no test's player has, apart for each run (the buckets live in the shared Redis)
_players = itertools.count(10**12 + uuid.uuid4().int % 10**9)


@pytest.fixture
def player(redis_client):
    """A player id of this test alone; its bucket is removed afterwards."""
    user_id = next(_players)
    yield user_id
    redis_client.delete(player_budget_key(user_id))


async def takes(budget: PlayerBudget, count: int) -> list[bool]:
    return [await budget.take() for _ in range(count)]


def test_the_budget_is_its_burst_then_its_rate(player):
    async def scenario() -> tuple[list[bool], list[bool]]:
        budget = PlayerBudget(player, rate=1, burst=6, lease=2)  # a token back each second
        first = await takes(budget, 7)
        await asyncio.sleep(2.2)  # two tokens back, at least
        return first, await takes(budget, 2)

    first, later = asyncio.run(scenario())
    assert first == [True] * 6 + [False]
    assert later == [True, True]


def test_two_processes_share_one_budget(player):
    """Each process spends what it leased: together they get the bucket's tokens, no more."""

    async def scenario() -> list[bool]:
        here = PlayerBudget(player, rate=0.1, burst=7, lease=2)
        there = PlayerBudget(player, rate=0.1, burst=7, lease=2)
        taken = []
        for _ in range(6):
            taken += [await here.take(), await there.take()]
        return taken

    assert sum(asyncio.run(scenario())) == 7


def test_a_refusal_is_answered_in_memory_until_a_token_is_due(player, redis_client):
    key = player_budget_key(player)

    async def scenario() -> None:
        budget = PlayerBudget(player, rate=2, burst=2, lease=2)
        assert await takes(budget, 3) == [True, True, False]
        counted_at = redis_client.hget(key, "at")
        assert budget.refused_until > time.monotonic()
        assert await takes(budget, 5) == [False] * 5
        assert redis_client.hget(key, "at") == counted_at  # Redis was not asked again
        await asyncio.sleep(budget.refused_until - time.monotonic() + 0.05)
        assert await budget.take() is True
        assert redis_client.hget(key, "at") != counted_at

    asyncio.run(scenario())


def test_without_redis_messages_go_through(player, settings):
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens there

    async def scenario() -> list[bool]:
        return await takes(PlayerBudget(player, rate=1, burst=1, lease=2), 5)

    assert asyncio.run(scenario()) == [True] * 5


def test_a_processs_sockets_of_one_player_share_its_share_until_the_last_leaves():
    async def scenario() -> None:
        first, second = player_budget_join(7), player_budget_join(7)
        assert first is second and first.sockets == 2
        assert player_budget_join(8) is not first
        player_budget_leave(first)
        assert player_budget_join(7) is first  # one socket of the player's still here
        player_budget_leave(first)
        player_budget_leave(first)
        assert player_budget_join(7) is not first  # all gone: forgotten

    asyncio.run(scenario())
