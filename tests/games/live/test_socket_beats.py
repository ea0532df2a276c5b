"""A loop's sockets' heartbeats, written together (games/live/services/socket_beats.py), against the
real Redis."""

from __future__ import annotations

import asyncio

import pytest

from games.live.services.loop_redis import loop_redis
from games.live.services.presence import online_key, watchers_key
from games.live.services.socket_beats import socket_beat_start, socket_beat_stop
from games.live.services.socket_slots import SocketSlot, player_sockets_key

pytestmark = [pytest.mark.services]

SOCKETS = 30
FIRST_USER = 990_000  # ids no test's player has


def slot_of(number: int) -> SocketSlot:
    return SocketSlot(member=f"beat-test-{number}", keys=(player_sockets_key(FIRST_USER + number),))


def clean(redis_client) -> None:
    redis_client.delete(watchers_key(-7), *(slot_of(n).keys[0] for n in range(SOCKETS + 1)))
    redis_client.zrem(online_key(), *(str(FIRST_USER + n) for n in range(SOCKETS)))


def server_ms(redis_client) -> int:
    seconds, micros = redis_client.time()
    return seconds * 1000 + micros // 1000


def test_a_loops_sockets_beat_together(redis_client, settings):
    """Thirty players' sockets and a watcher's of one loop, a fast heartbeat: every slot and
    online mark is written again each period, the watcher keeps its place among the table's
    watchers (stale after three periods), each player's socket is told the count, and the
    loop's Redis client needed one connection for all of it (one call per socket held as many
    as were due at once)."""
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.4
    clean(redis_client)
    told: dict[int, list[int]] = {n: [] for n in range(SOCKETS)}

    def teller(number: int):
        async def tell(count: int) -> None:
            told[number].append(count)

        return tell

    async def scenario() -> None:
        started = server_ms(redis_client)
        beats = [
            socket_beat_start(
                slot=slot_of(n), user_id=FIRST_USER + n, game_id=-7, on_watchers=teller(n)
            )
            for n in range(SOCKETS)
        ]
        watcher = socket_beat_start(slot=slot_of(SOCKETS), user_id=FIRST_USER, game_id=-7)
        watcher.watching = True  # a watch socket: its beats keep its place among the watchers
        await asyncio.sleep(1.5)  # three periods or more
        for n in range(SOCKETS):
            key = slot_of(n).keys[0]
            assert redis_client.zscore(key, slot_of(n).member) >= started
            assert redis_client.zscore(online_key(), str(FIRST_USER + n)) >= started
            assert len(told[n]) >= 2 and set(told[n]) == {1}, told[n]
        pool = loop_redis().connection_pool
        assert len(pool._available_connections) + len(pool._in_use_connections) == 1
        assert redis_client.zrange(watchers_key(-7), 0, -1) == [slot_of(SOCKETS).member.encode()]
        for beat in [*beats, watcher]:
            await socket_beat_stop(beat)

    try:
        asyncio.run(scenario())
    finally:
        clean(redis_client)


def test_a_stopped_socket_beats_no_more(redis_client, settings):
    """Its slot given back after the stop stays given back; the others still beat."""
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.2
    clean(redis_client)

    async def scenario() -> None:
        kept = socket_beat_start(slot=slot_of(0), user_id=FIRST_USER, game_id=-7)
        stopped = socket_beat_start(slot=slot_of(1), user_id=FIRST_USER + 1, game_id=-7)
        await asyncio.sleep(0.5)
        await socket_beat_stop(stopped)
        redis_client.delete(slot_of(1).keys[0])  # the slot given back
        since = server_ms(redis_client)
        await asyncio.sleep(0.6)
        assert redis_client.zscore(slot_of(1).keys[0], slot_of(1).member) is None
        assert redis_client.zscore(slot_of(0).keys[0], slot_of(0).member) > since
        await socket_beat_stop(kept)

    try:
        asyncio.run(scenario())
    finally:
        clean(redis_client)
