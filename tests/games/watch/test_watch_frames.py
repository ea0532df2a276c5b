"""A watcher's frame is built once for every watcher (games/watch/frames.py): kept in the real
Redis cache under a key naming what it was built from, holding the spectator's view only; a
watch socket's sync reuses it. Watch sockets count with their player's table sockets and share
their player's message budget; a watcher's forged or malformed messages get an error frame and
change nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.utils import timezone

from games.engine import RuleOptions
from games.live.models import ChatMessage, ChatMute
from games.live.services.play import game_act
from games.models import Action, Game
from games.selectors import engine_game
from games.watch.frames import (
    _memo,
    watch_frame,
    watch_frame_kept,
    watch_frame_now,
    watch_stamp,
)
from games.watch.selectors import watch_state
from tests.games.finished_games import finished_game_store
from tests.games.live.sockets import join, receive, run, send, table_socket
from tests.games.live.test_socket_limits import refused
from tests.games.live.test_sync_cost import every_query, replays

from .test_watch_sockets import assert_watcher_frame_hides, next_frame, watch

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def finished_game(seed: str = "watch-frames") -> Game:
    """A public game of four computers played to the end (a log of hundreds of actions)."""
    game, _state = finished_game_store([None] * 4, rules=RuleOptions(target_score=10), seed=seed)
    return game


def forget_this_process() -> None:
    """This process's own copies: what is left is the shared cache (Redis)."""
    _memo.clear()


def kept_now(game_id: int) -> Any:
    """What the shared cache holds for the game's watch frame now (None: nothing)."""
    return cache.get(watch_stamp(game_id=game_id)[0])


async def drained(socket) -> list[dict[str, Any]]:
    """Every frame the socket was sent until it has been quiet for a second."""
    frames = []
    while not await socket.receive_nothing(timeout=1.0):
        frames.append(await receive(socket))
    return frames


def spectator_frame(game_id: int) -> dict[str, Any]:
    state = watch_state(game_id=game_id)
    assert state is not None
    del state["server_time"]
    return state


# ---- built once, kept in Redis ----------------------------------------------------------------


def test_a_frame_is_built_once_and_read_back_from_redis_without_a_replay(
    redis_client, django_assert_num_queries
):
    game = finished_game()
    key, version = watch_stamp(game_id=game.pk)
    assert version == game.version and str(game.pk) in key
    assert cache.get(key) is None
    built = watch_frame_now(game_id=game.pk)
    assert built is not None and built.key == key
    # in the shared cache: the spectator's frame as a replay makes it, and nothing else
    kept = cache.get(key)
    assert kept is not None
    assert json.loads(kept[3]) == spectator_frame(game.pk)
    assert (kept[1], kept[2]) == (built.version, "finished")
    assert redis_client.ttl(cache.make_and_validate_key(key)) > 3600  # a finished game: long
    # another process (nothing of its own): one query for the key, the frame from Redis
    forget_this_process()
    with django_assert_num_queries(1) as queries:
        again = watch_frame_now(game_id=game.pk)
    assert again == built
    assert replays([query["sql"] for query in queries.captured_queries]) == 0
    # this process now holds it too: still the one query, no cache read needed
    with django_assert_num_queries(1):
        assert watch_frame_kept(game_id=game.pk) == (key, built)


def test_a_change_makes_a_new_key_and_a_game_in_play_is_kept_briefly(started_table, redis_client):
    game, players = started_table()
    first = watch_frame_now(game_id=game.pk)
    actor = engine_game(game).to_act
    game_act(game_id=game.pk, user_id=players[actor].pk, action="pass", version=game.version)
    second = watch_frame_now(game_id=game.pk)
    assert second.key != first.key and second.game_version == first.game_version + 1
    assert (second.version, second.status) == (first.version, "playing")  # the bidding: no news
    assert 0 < redis_client.ttl(cache.make_and_validate_key(second.key)) <= 120
    # a seat handed to the computer changes no version, but the frame: another key
    game.seats.filter(position=actor).update(cancelled=True)
    assert watch_stamp(game_id=game.pk)[0] != second.key
    assert watch_frame_now(game_id=game.pk).key != second.key


def test_the_cache_holds_no_hidden_card_of_a_game_in_play(started_table, redis_client):
    """Mid-trick, the kept frame is the spectator's: no hand, no kitty, no card of the trick
    in progress."""
    game, players = started_table()
    engine = engine_game(game)
    while not (engine.state().hand.trick_cards and len(engine.state().hand.trick_cards) == 2):
        seat = engine.to_act
        legal = engine.legal_actions()
        action = next((a for a in legal if a not in ("pass", "alone")), legal[0])
        game_act(game_id=game.pk, user_id=players[seat].pk, action=action, version=game.version)
        game.refresh_from_db()
        engine = engine_game(game)
    frame = watch_frame_now(game_id=game.pk)
    body = cache.get(frame.key)[3]
    assert_watcher_frame_hides(json.loads(body), engine.state())


def test_watchers_of_one_process_asking_at_once_share_one_build(redis_client):
    game = finished_game()

    async def ask_together() -> list[Any]:
        return await asyncio.gather(*(watch_frame(game.pk) for _ in range(8)))

    with every_query() as queries:
        frames = async_to_sync(ask_together)()
    assert len({frame.key for frame in frames}) == 1
    assert replays(queries) == 1  # one replay of the log for the eight


def test_a_second_watcher_gets_the_frame_without_a_replay_and_a_quick_sync_without_a_query(
    make_player, redis_client, settings
):
    settings.GAME_SYNC_COALESCE_SECONDS = 60
    game = finished_game()
    first, second = make_player("Eye"), make_player("OtherEye")

    async def scenario():
        one = await table_socket(game.pk, first, watch=True)
        frame = await watch(one)
        assert await sync_to_async(kept_now)(game.pk) is not None  # built, and kept for all
        with every_query() as queries:
            two = await table_socket(game.pk, second, watch=True)
            again = await watch(two)
        assert replays(queries) == 0, queries
        assert {**again, "server_time": None} == {**frame, "server_time": None}
        with every_query() as queries:
            for _ in range(5):
                await send(two, {"type": "sync", "version": 0})
                synced = await next_frame(two)
                assert {**synced, "server_time": None} == {**frame, "server_time": None}
        assert queries == []

    run(scenario)


def test_a_sync_after_the_window_reads_only_which_frame_is_current(
    make_player, redis_client, settings
):
    settings.GAME_SYNC_COALESCE_SECONDS = 0
    game = finished_game()
    watcher = make_player("Eye")

    async def scenario():
        eye = await table_socket(game.pk, watcher, watch=True)
        frame = await watch(eye)
        with every_query() as queries:
            for _ in range(3):
                await send(eye, {"type": "sync", "version": 0})
                assert (await next_frame(eye))["version"] == frame["version"]
        assert replays(queries) == 0 and len(queries) == 3, queries

    run(scenario)


# ---- the player's sockets, table and watch, share their limits ------------------------------


def test_table_and_watch_sockets_of_one_player_count_together(
    started_table, make_player, redis_client, settings
):
    assert settings.GAME_SOCKETS_PER_PLAYER == 8
    game, players = started_table()
    watched = finished_game()

    async def scenario():
        player = players[0]
        opened = []
        for number in range(8):  # four at their own table, four watching another
            socket = await table_socket(
                game.pk if number % 2 else watched.pk, player, watch=not number % 2
            )
            await (join(socket) if number % 2 else watch(socket))
            opened.append(socket)
        error = await refused(await table_socket(watched.pk, player, watch=True))
        assert "at most 8" in error["message"]
        await refused(await table_socket(game.pk, player))
        await opened[0].disconnect()  # a watch socket closed: its place is free
        await join(await table_socket(game.pk, player))
        await refused(await table_socket(watched.pk, player, watch=True))

    run(scenario)


def test_a_players_sockets_over_their_shared_budget_are_told_rate_limited(
    started_table, make_player, redis_client
):
    """Four watch sockets and a table socket of one player, each within its own limit (20 at
    once), together far over the player's 20: told "rate_limited", nothing stored."""
    game, players = started_table()
    watched = finished_game()
    player = players[1]
    before = (Action.objects.count(), ChatMessage.objects.count())

    async def scenario():
        table = await table_socket(game.pk, player)
        await join(table)
        eyes = [await table_socket(watched.pk, player, watch=True) for _ in range(4)]
        for eye in eyes:
            await watch(eye)
        for socket in [*eyes, table]:
            for _ in range(15):
                await send(socket, {"type": "sync", "version": 0})
        told = 0
        for socket in [*eyes, table]:
            codes = [frame["code"] for frame in await drained(socket) if frame["type"] == "error"]
            assert set(codes) <= {"rate_limited"}, codes
            told += len(codes)
        assert told >= 1
        # nobody was closed: the player's sockets may go on once the budget has room again
        await asyncio.sleep(1.0)
        await send(table, {"type": "sync", "version": 0})
        assert (await next_frame(table))["type"] == "state"

    run(scenario)
    assert (Action.objects.count(), ChatMessage.objects.count()) == before


# ---- what a watcher may not send ---------------------------------------------------------------


def test_a_watchers_malformed_and_unknown_messages_get_an_error_and_change_nothing(
    make_player, redis_client
):
    game = finished_game()
    watcher = make_player("Watcher")
    before = (game.version, Action.objects.count(), ChatMessage.objects.count())

    async def scenario():
        eye = await table_socket(game.pk, watcher, watch=True)
        await watch(eye)
        expected = [
            ({"type": "resign", "version": 0}, "unknown_type"),
            ({"type": "act", "action": "pass", "version": 0}, "watching"),
            ({"type": "chat", "text": "psst", "version": 0}, "watching"),
            ({"type": 5, "version": 0}, "bad_message"),
            ({"type": "sync"}, "bad_message"),  # no version
            ({"type": "sync", "version": "0"}, "bad_message"),
            ({"type": "sync", "version": True}, "bad_message"),
            ({"type": "sync", "version": -1}, "bad_message"),
            ([{"type": "sync", "version": 0}], "bad_message"),
            ("[" * 500 + "]" * 500, "bad_message"),
        ]
        for message, code in expected:
            await send(eye, message if isinstance(message, str) else json.dumps(message))
            error = await next_frame(eye, "error")
            assert error["code"] == code, (message, error)
            assert error["message"]
        await send(eye, json.dumps({"type": "chat", "text": "x" * 3000, "version": 0}))
        assert (await next_frame(eye, "error"))["code"] == "too_big"
        assert await eye.receive_output(timeout=5) == {"type": "websocket.close", "code": 4009}

    run(scenario)
    game.refresh_from_db()
    assert (game.version, Action.objects.count(), ChatMessage.objects.count()) == before
    assert not ChatMute.objects.filter(user=watcher).exists()
    # all that is kept for watchers is the spectator's frame
    assert json.loads(kept_now(game.pk)[3]) == spectator_frame(game.pk)


# ---- the record's link ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "shared", "linked"),
    [
        (Game.Kind.PUBLIC, False, True),
        (Game.Kind.PRIVATE, False, False),  # its invitees who did not play may not read it
        (Game.Kind.PRIVATE, True, True),
    ],
)
def test_a_finished_frame_links_the_record_only_where_every_watcher_may_read_it(
    kind, shared, linked
):
    game = finished_game(f"record-link-{kind}-{shared}")
    Game.objects.filter(pk=game.pk).update(
        kind=kind, record_shared_at=timezone.now() if shared else None
    )
    result = spectator_frame(game.pk)["result"]
    assert (result["record_url"] == f"/games/{game.pk}/") is linked
    assert linked or result["record_url"] is None
