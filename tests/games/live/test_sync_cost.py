"""A repeated sync is cheap: one query and no replay of the game while it is at the version
the socket last sent, and no query at all within GAME_SYNC_COALESCE_SECONDS of that frame."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from django.db.backends.signals import connection_created

from games.engine import RuleOptions
from games.live.services.play import game_act
from games.models import Game
from games.selectors import table_state
from games.tables.services.tables import seat_take, table_create

from .sockets import join, receive, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@contextlib.contextmanager
def every_query() -> Iterator[list[str]]:
    """The SQL of every query any thread runs meanwhile (the consumer's calls run on the
    threads of an executor, each with a connection of its own)."""
    queries: list[str] = []
    wrapped = []

    def record(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    def on_connect(sender, connection, **kwargs):
        if record not in connection.execute_wrappers:
            connection.execute_wrappers.append(record)
            wrapped.append(connection)

    connection_created.connect(on_connect)
    try:
        yield queries
    finally:
        connection_created.disconnect(on_connect)
        for each in wrapped:
            with contextlib.suppress(ValueError):
                each.execute_wrappers.remove(record)


def replays(queries: list[str]) -> int:
    """Queries that read a game's action log: the engine replays what they read."""
    return sum('"games_action"' in sql for sql in queries)


def test_a_sync_at_the_current_version_takes_one_query_and_no_replay(
    started_table, redis_client, settings
):
    settings.GAME_SYNC_COALESCE_SECONDS = 0
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        first = await join(socket)
        with every_query() as queries:
            for _ in range(3):
                await send(socket, {"type": "sync", "version": first["version"]})
                again = await receive(socket)
                assert again["type"] == "state"
                assert {**again, "server_time": None} == {**first, "server_time": None}
        assert replays(queries) == 0, queries
        assert len(queries) == 3, queries  # the table's seats and version, once per sync

    run(scenario)


def test_syncs_in_quick_succession_are_answered_without_a_query(
    started_table, redis_client, settings
):
    settings.GAME_SYNC_COALESCE_SECONDS = 60
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        first = await join(socket)
        with every_query() as queries:
            for _ in range(20):
                await send(socket, {"type": "sync", "version": first["version"]})
            for _ in range(20):
                again = await receive(socket)
                assert again["version"] == first["version"] and again["view"] == first["view"]
        assert queries == []

    run(scenario)


def test_a_reused_view_is_the_view_a_full_replay_builds(
    make_player, started_table, django_assert_num_queries
):
    """table_state with the last frame: one query, and the same frame as a full build, also
    after a change that keeps the version (a player sits down at an open table); a frame of
    an older version is not reused. With the engine kept by this process (`engine_states`) and
    who the computer covers on the seats, a full build is one query too."""
    people = [make_player() for _ in range(2)]
    table = table_create(creator_id=people[0].pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    before = table_state(game_id=table.pk, user_id=people[0].pk)
    seat_take(game_id=table.pk, user_id=people[1].pk)
    with django_assert_num_queries(1):
        reused = table_state(game_id=table.pk, user_id=people[0].pk, last_frame=before)
    with django_assert_num_queries(1):
        full = table_state(game_id=table.pk, user_id=people[0].pk)
    assert {**reused, "server_time": None} == {**full, "server_time": None}
    assert reused["seats"][1]["name"] == people[1].get_short_name()

    game, players = started_table()
    old = table_state(game_id=game.pk, user_id=players[0].pk)
    actor = old["view"]["to_act"]
    game_act(game_id=game.pk, user_id=players[actor].pk, action="pass", version=0)
    with django_assert_num_queries(1):
        replayed = table_state(game_id=game.pk, user_id=players[0].pk, last_frame=old)
    assert replayed["version"] == 1 and replayed["view"] != old["view"]
