"""A table socket whose process finds its database pool empty for the pool's timeout is told
"busy", never crashed: while connecting it is closed with 4503 (the page comes back), once
open it stays open and works again when connections are free."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from django.db import connection
from psycopg_pool import PoolTimeout

from games.live.consumers import CLOSE_BUSY

from .sockets import join, receive, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@contextlib.contextmanager
def pool_taken() -> Iterator[None]:
    """Every connection of this process's pool held (what a burst of other calls does), with
    the pool's timeout shortened to 1 s; all given back afterwards."""
    pool = connection.pool
    held = []
    timeout, pool.timeout = pool.timeout, 1.0
    try:
        while True:
            try:
                held.append(pool.getconn(timeout=0.5))
            except PoolTimeout:
                break
        yield
    finally:
        pool.timeout = timeout
        for each in held:
            pool.putconn(each)


def test_a_socket_connecting_when_the_pool_is_empty_is_told_busy(started_table, redis_client):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        with pool_taken():
            connected, _ = await socket.connect(timeout=30)
            assert connected, "told why over an accepted socket"
            refusal = await receive(socket, timeout=30)
            assert refusal["type"] == "error" and refusal["code"] == "busy"
            assert await socket.receive_output(timeout=30) == {
                "type": "websocket.close",
                "code": CLOSE_BUSY,
            }
        # the page reconnects: with connections free again it is served
        await join(await table_socket(game.pk, players[0]))

    run(scenario)


def test_an_open_socket_is_told_busy_and_stays_open(started_table, redis_client, settings):
    settings.GAME_SYNC_COALESCE_SECONDS = 0
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        first = await join(socket)
        with pool_taken():
            await send(socket, {"type": "sync", "version": first["version"]})
            error = await receive(socket, timeout=30)
            assert error["type"] == "error" and error["code"] == "busy"
            assert "busy" in error["message"]
        await send(socket, {"type": "sync", "version": first["version"]})
        state = await receive(socket, timeout=30)
        assert state["type"] == "state" and state["version"] == first["version"]

    run(scenario)
