"""How many table sockets a player, and a client address, may hold open: counted in the real
Redis, through the real ASGI application."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from euchre_site.asgi import application
from games.live.services.socket_slots import (
    STALE_HEARTBEATS,
    address_sockets_key,
    flood_cooldown_key,
    flood_count_key,
    player_sockets_key,
)

from .sockets import join, receive, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


async def refused(socket: WebsocketCommunicator) -> dict[str, Any]:
    """Connects a socket that must be refused: it is accepted, told why, and closed with
    4029. Returns the error frame."""
    connected, _ = await socket.connect(timeout=10)
    assert connected, "a refusal is told over an accepted socket"
    error = await receive(socket)
    assert error["type"] == "error" and error["code"] == "too_many_sockets", error
    closed = await socket.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4029}
    return error


async def from_address(game_id: int, user, address: str) -> WebsocketCommunicator:
    socket = await table_socket(game_id, user)
    socket.scope["client"] = [address, 50000]  # the application starts on the first message
    return socket


def test_a_player_may_hold_only_so_many_sockets_and_a_closed_one_frees_its_place(
    started_table, redis_client, settings
):
    settings.GAME_SOCKETS_PER_PLAYER = 2
    game, players = started_table()

    async def scenario():
        tabs = [await table_socket(game.pk, players[0]) for _ in range(2)]
        for tab in tabs:
            await join(tab)
        error = await refused(await table_socket(game.pk, players[0]))
        assert "too many tables or tabs" in error["message"] and "at most 2" in error["message"]
        # another player at the same table is not affected
        await join(await table_socket(game.pk, players[1]))
        # closing a tab gives its place back at once
        await tabs[0].disconnect()
        await join(await table_socket(game.pk, players[0]))
        await refused(await table_socket(game.pk, players[0]))

    run(scenario)
    # every socket is closed now: none is counted any more
    assert redis_client.zcard(player_sockets_key(players[0].pk)) == 0


def test_one_address_may_hold_only_so_many_sockets(started_table, redis_client, settings):
    settings.GAME_SOCKETS_PER_ADDRESS = 3
    game, players = started_table()

    async def scenario():
        for player in players[:3]:
            await join(await from_address(game.pk, player, "203.0.113.7"))
        error = await refused(await from_address(game.pk, players[3], "203.0.113.7"))
        assert "from your network" in error["message"] and "at most 3" in error["message"]
        # the same player from elsewhere is welcome
        await join(await from_address(game.pk, players[3], "198.51.100.9"))

    run(scenario)
    assert redis_client.zcard(address_sockets_key("203.0.113.7")) == 0


def test_a_refused_socket_does_not_take_a_place(started_table, redis_client, settings):
    settings.GAME_SOCKETS_PER_PLAYER = 1
    game, players = started_table()

    async def scenario():
        first = await table_socket(game.pk, players[0])
        await join(first)
        for _ in range(3):
            await refused(await table_socket(game.pk, players[0]))
        assert redis_client.zcard(player_sockets_key(players[0].pk)) == 1
        await first.disconnect()
        await join(await table_socket(game.pk, players[0]))

    run(scenario)


def test_the_entries_of_a_process_that_died_expire(started_table, redis_client, settings):
    """A killed daphne leaves its sockets' entries: they stop beating, and once older than
    STALE_HEARTBEATS heartbeats they no longer count, so the player is never blocked for good.
    A fresh entry (a live socket in another process) still counts."""
    settings.GAME_SOCKETS_PER_PLAYER = 2
    game, players = started_table()
    key = player_sockets_key(players[0].pk)
    seconds, micros = redis_client.time()
    now_ms = seconds * 1000 + micros // 1000
    stale_ms = settings.GAME_SOCKET_HEARTBEAT_SECONDS * STALE_HEARTBEATS * 1000
    redis_client.zadd(
        key,
        {
            "dead-process-1": now_ms - stale_ms - 1000,
            "dead-process-2": now_ms - stale_ms - 5000,
            "live-elsewhere": now_ms,
        },
    )

    async def scenario():
        await join(await table_socket(game.pk, players[0]))
        await refused(await table_socket(game.pk, players[0]))

    run(scenario)
    assert not {b"dead-process-1", b"dead-process-2"} & set(redis_client.zrange(key, 0, -1))
    assert redis_client.zscore(key, "live-elsewhere") is not None


def test_an_open_socket_keeps_its_place_by_its_heartbeat(started_table, redis_client, settings):
    """Open for many times its stale age, a socket is still counted: it beats."""
    settings.GAME_SOCKETS_PER_PLAYER = 1
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.2  # stale after 0.6 s
    game, players = started_table()
    key = player_sockets_key(players[0].pk)

    async def scenario():
        first = await table_socket(game.pk, players[0])
        await join(first)
        joined_at = redis_client.zrange(key, 0, -1, withscores=True)[0][1]
        await asyncio.sleep(2)
        await refused(await table_socket(game.pk, players[0]))
        assert redis_client.zrange(key, 0, -1, withscores=True)[0][1] > joined_at

    run(scenario)


async def flood_until_closed(socket: WebsocketCommunicator) -> dict[str, Any]:
    """Connects, then sends syncs far faster than a person could until the socket is closed
    for flooding. Returns the last frame it was sent (why it was closed)."""
    await join(socket)
    for _ in range(200):
        await socket.send_to(text_data='{"type": "sync", "version": 0}')
    last = None
    while (output := await socket.receive_output(timeout=10))["type"] == "websocket.send":
        last = output
    assert output == {"type": "websocket.close", "code": 4008}
    await socket.disconnect()  # as a browser does once closed: its place is given back
    told = json.loads(last["text"])
    assert told["code"] == "flooding"
    return told


def test_a_flooders_new_sockets_are_refused_until_the_cool_down_ends(
    started_table, redis_client, settings
):
    settings.GAME_FLOOD_COOLDOWN_SECONDS = 1.5
    game, players = started_table()

    async def scenario():
        calm = await table_socket(game.pk, players[0])
        await join(calm)
        told = await flood_until_closed(await table_socket(game.pk, players[0]))
        assert told["retry_after"] == 2  # how long its player's new sockets are refused
        # a new socket of the flooder's player: told why and how long, closed with 4008, and
        # nothing of the table sent (no frame, no chat)
        again = await table_socket(game.pk, players[0])
        connected, _ = await again.connect(timeout=10)
        assert connected
        error = await receive(again)
        assert error["type"] == "error" and error["code"] == "flooding", error
        assert "try again in 2 s" in error["message"] and error["retry_after"] == 2
        assert await again.receive_output(timeout=5) == {"type": "websocket.close", "code": 4008}
        # the refused socket took no place: the calm one holds the only one
        assert redis_client.zcard(player_sockets_key(players[0].pk)) == 1
        # the player's socket that did not flood plays on (once the message budget the flood
        # spent, which all of the player's sockets share, has a token again:
        # games/live/services/message_budget.py); other players connect as before
        await asyncio.sleep(0.5)
        await send(calm, {"type": "sync", "version": 0})
        assert (await receive(calm))["type"] == "state"
        await join(await table_socket(game.pk, players[1]))
        # once the cool-down is over, the player connects again
        await asyncio.sleep(1.6)
        await join(await table_socket(game.pk, players[0]))
        # flooding again within the hour: twice as long
        told = await flood_until_closed(await table_socket(game.pk, players[0]))
        assert told["retry_after"] == 3
        await asyncio.sleep(1.6)
        refused = await table_socket(game.pk, players[0])
        await refused.connect(timeout=10)
        assert (await receive(refused))["code"] == "flooding"

    run(scenario)
    assert redis_client.get(flood_count_key(players[0].pk)) == b"2"


def test_the_flooders_session_is_refused_before_it_is_read(started_table, redis_client, settings):
    """Its cool-down by session cookie (games/live/flood_gate.py) refuses a reconnection of the
    same session by itself, before the session and its user are read; a new session of the
    same player meets the cool-down by player at the consumer."""
    settings.GAME_FLOOD_COOLDOWN_SECONDS = 30
    game, players = started_table()

    async def scenario():
        flooder = await table_socket(game.pk, players[0])
        assert (await flood_until_closed(flooder))["retry_after"] == 30
        redis_client.delete(flood_cooldown_key(players[0].pk))  # only the session's is left
        again = WebsocketCommunicator(
            application, flooder.scope["path"], headers=flooder.scope["headers"]
        )
        connected, _ = await again.connect(timeout=10)
        assert connected
        error = await receive(again)
        assert error["code"] == "flooding" and "try again in 30 s" in error["message"], error
        assert error["retry_after"] == 30
        assert await again.receive_output(timeout=5) == {"type": "websocket.close", "code": 4008}
        # the player in a new session: the cool-down by player is gone, so welcome
        await join(await table_socket(game.pk, players[0]))

    run(scenario)


def test_no_cool_down_when_it_is_switched_off(started_table, settings):
    settings.GAME_FLOOD_COOLDOWN_SECONDS = 0
    game, players = started_table()

    async def scenario():
        told = await flood_until_closed(await table_socket(game.pk, players[0]))
        assert "retry_after" not in told
        await join(await table_socket(game.pk, players[0]))

    run(scenario)
