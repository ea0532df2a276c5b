"""A move's frames are built once, by the process that made it, and sent to each seated player's
own sockets at that table only (the seat group): a socket sends its frame without asking the
database, and nothing sent to the whole table (watchers included) carries a card. Who the
computer covers is kept on the seat by the move path."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from games.live.frame_wire import FRAME_HEAD_KEYS, TABLE_KEYS, frames_of, history_text, table_text
from games.live.services.after_move import seat_group, table_group, watch_group
from games.live.services.play import computer_act, game_act
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game, table_fields, table_state
from games.tables.services.tables import game_cancel
from tests.games.conftest import player_to_act
from tests.games.live.test_frame_wire import pushed_of, table_of

from .layer_listen import listening
from .sockets import join, receive, run, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def without_clock(frame: dict) -> dict:
    return {key: value for key, value in frame.items() if key != "server_time"}


def test_a_moves_frames_go_to_each_seated_player_only_and_are_their_own_table_state(
    started_table,
):
    game, players = started_table()
    groups = [seat_group(game.pk, player.pk) for player in players]
    with listening(*groups, table_group(game.pk), watch_group(game.pk)) as listeners:
        *seats, table, watch = listeners
        mover = player_to_act(game, players)
        engine = engine_game(game)
        action = choose_action(engine.view(engine.to_act), engine.rules)
        game_act(game_id=game.pk, user_id=mover.pk, action=action, version=game.version)
        seat_events = [seat.next() for seat in seats]
        watch_event = watch.next()
        table_told = not table.nothing()
    for player, event in zip(players, seat_events, strict=True):
        assert event["type"] == "game.frames" and len(event["frames"]) == 1
        (frame,) = frames_of(event)
        assert frame["version"] == game.version + 1
        # exactly what the database gives this player: their own seat, their own hand
        assert without_clock(frame) == without_clock(
            table_state(game_id=game.pk, user_id=player.pk)
        )
    # the watchers hear only that the version moved: no frame, no card; the table's group (the
    # players' sockets too, who have their frames) is not told
    assert watch_event == {"type": "game.changed", "version": game.version + 1, "if_newer": True}
    assert table_told is False


def pushed_event(*frames: dict, histories: dict[int, list] | None = None) -> dict:
    """A "game.frames" message as the mover makes it, of these frames (table_state's dicts),
    with the history of each count (their own, unless `histories` says otherwise)."""
    pushed = [pushed_of(frame) for frame in frames]
    if histories is None:
        histories = {len(frame["view"]["history"]): frame["view"]["history"] for frame in frames}
    return {
        "type": "game.frames",
        "frames": pushed,
        "histories": [[count, history_text(history)] for count, history in histories.items()],
        "table": table_of(frames[0]),
    }


def test_a_socket_sends_the_frame_pushed_to_its_seat_and_never_an_older_one(started_table):
    game, players = started_table()
    layer = get_channel_layer()

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        state = await join(socket)
        # a frame marked as pushed: the socket sends its text, without building its own
        pushed = {**state, "version": state["version"] + 1, "pushed": "by the mover"}
        await layer.group_send(seat_group(game.pk, players[1].pk), pushed_event(pushed))
        sent = await receive(socket)
        assert sent["pushed"] == "by the mover" and sent["version"] == state["version"] + 1
        # the page has this history: the frame leaves it out, the rest is the frame's
        assert "history" not in sent["view"]
        assert {**sent["view"], "history": state["view"]["history"]} == state["view"]
        assert sent["server_time"] != state["server_time"]
        stale = {**state, "pushed": "stale"}
        await layer.group_send(seat_group(game.pk, players[1].pk), pushed_event(stale))
        assert await socket.receive_nothing(timeout=0.5)
        # another player's seat group does not reach this socket
        await layer.group_send(
            seat_group(game.pk, players[2].pk),
            pushed_event({**pushed, "version": state["version"] + 2}),
        )
        assert await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()

    run(scenario)


def test_a_pushed_frame_carries_the_history_when_the_pages_is_another(started_table):
    """The finished hands' history goes to a page only when the one it has is not the frame's:
    after a hand's end, or when the socket missed the message that had it (then, without the
    history in the message, the socket builds its own frame)."""
    game, players = started_table()
    layer = get_channel_layer()
    group = seat_group(game.pk, players[1].pk)
    hand = {"number": 1, "dealer": 0, "points": [1, 0], "marker": "a finished hand"}

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        state = await join(socket)
        assert state["view"]["history"] == []
        version = state["version"]
        one_hand = {**state, "view": {**state["view"], "history": [hand]}}
        # a run crossing a hand's end: the first frame without the history, the next with it
        await layer.group_send(
            group,
            pushed_event(
                {**state, "version": version + 1},
                {**one_hand, "version": version + 2},
                {**one_hand, "version": version + 3},
            ),
        )
        sent = [await receive(socket) for _ in range(3)]
        assert [frame["version"] for frame in sent] == [version + 1, version + 2, version + 3]
        assert "history" not in sent[0]["view"]
        assert sent[1]["view"]["history"] == [hand]
        assert "history" not in sent[2]["view"]
        # a count the page does not have and the message does not carry: the socket builds
        # its own frame from the database (the game is still at its version: no hand ended)
        two_hands = {**state, "view": {**state["view"], "history": [hand, hand]}}
        await layer.group_send(
            group,
            pushed_event({**two_hands, "version": version + 4}, histories={1: [hand]}),
        )
        rebuilt = await receive(socket)
        assert rebuilt["version"] == game.version and rebuilt["view"]["history"] == []
        await socket.disconnect()

    run(scenario)


def test_a_runs_frames_go_to_the_page_in_one_message_oldest_first(started_table):
    """A send costs a daphne far more than its bytes: a run's new frames are one JSON array, a
    lone frame is sent as it is, and frames before the one the socket must build itself still
    go first."""
    game, players = started_table()
    layer = get_channel_layer()
    group = seat_group(game.pk, players[1].pk)

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        state = await join(socket)
        version = state["version"]
        # marked in the seat's fields, which every frame has (the table's part goes once)
        run_of = [{**state, "version": version + n, "cancelled": n} for n in (0, 1, 2, 3)]
        await layer.group_send(group, pushed_event(*run_of))  # the page has the first
        message = json.loads(await socket.receive_from(timeout=5))
        assert isinstance(message, list)
        assert [(frame["version"], frame["cancelled"]) for frame in message] == [
            (version + 1, 1),
            (version + 2, 2),
            (version + 3, 3),
        ]
        assert all(frame["server_time"] == message[0]["server_time"] for frame in message)
        await layer.group_send(group, pushed_event({**state, "version": version + 4}))
        lone = json.loads(await socket.receive_from(timeout=5))
        assert isinstance(lone, dict) and lone["version"] == version + 4
        # the second frame has a history count the page lacks and the message does not carry
        hand = {"number": 1, "dealer": 0, "points": [1, 0], "marker": "a finished hand"}
        one_hand = {**state, "view": {**state["view"], "history": [hand]}}
        await layer.group_send(
            group,
            pushed_event(
                {**state, "version": version + 5},
                {**one_hand, "version": version + 6},
                histories={0: []},
            ),
        )
        first = json.loads(await socket.receive_from(timeout=5))
        assert isinstance(first, dict) and first["version"] == version + 5
        rebuilt = json.loads(await socket.receive_from(timeout=5))
        assert rebuilt["version"] == game.version and rebuilt["cancelled"] is False
        await socket.disconnect()

    run(scenario)


def test_the_seat_says_the_computer_covers_a_timeout_until_the_player_moves_again(
    started_table,
):
    game, players = started_table()
    away = player_to_act(game, players)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    applied = computer_act(game_id=game.pk, version=game.version, source=Action.Source.TIMEOUT)
    assert applied is not None
    seat = Seat.objects.get(game=game, user=away)
    assert seat.covered is True
    other = players[(seat.position + 1) % 4]
    assert table_state(game_id=game.pk, user_id=other.pk)["seats"][seat.position]["covered"]
    game.refresh_from_db()
    while player_to_act(game, players) != away:  # the others move until it is theirs again
        engine = engine_game(game)
        mover = player_to_act(game, players)
        action = choose_action(engine.view(engine.to_act), engine.rules)
        game_act(game_id=game.pk, user_id=mover.pk, action=action, version=game.version)
        game.refresh_from_db()
        assert Seat.objects.get(game=game, user=away).covered is True
    engine = engine_game(game)
    action = choose_action(engine.view(engine.to_act), engine.rules)
    game_act(game_id=game.pk, user_id=away.pk, action=action, version=game.version)
    assert Seat.objects.get(game=game, user=away).covered is False
    state = table_state(game_id=game.pk, user_id=other.pk)
    assert state["seats"][seat.position]["covered"] is False


def test_a_player_who_left_the_game_is_told_it_moved_in_their_seat_group(started_table):
    game, players = started_table()
    leaver = next(player for player in players if player != player_to_act(game, players))
    game_cancel(game_id=game.pk, user_id=leaver.pk)  # the computer plays their seat now
    game.refresh_from_db()
    with listening(seat_group(game.pk, leaver.pk)) as (theirs,):
        mover = player_to_act(game, players)
        engine = engine_game(game)
        action = choose_action(engine.view(engine.to_act), engine.rules)
        applied = game_act(game_id=game.pk, user_id=mover.pk, action=action, version=game.version)
        told = theirs.next()
    # no frame (their seat's cards are the computer's now): their page asks for its own view
    assert told == {"type": "game.changed", "version": applied.version, "if_newer": True}


def test_a_message_to_a_socket_costs_no_hop_to_the_sync_thread(started_table, monkeypatch):
    """channels' dispatch closes the sync thread's old connections before every message (a hop
    to that one thread for each): the table socket's does not, its database work being on
    any thread of the pool, which closes its own connections."""
    game, players = started_table()
    closes = []

    async def counted_close() -> None:
        closes.append(1)

    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted_close)
    layer = get_channel_layer()

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        state = await join(socket)
        for step in range(1, 6):
            pushed = {**state, "version": state["version"] + step}
            await layer.group_send(seat_group(game.pk, players[1].pk), pushed_event(pushed))
            assert (await receive(socket))["version"] == state["version"] + step
        await socket.disconnect()

    run(scenario)
    assert closes == []


def test_the_table_part_goes_to_a_page_only_when_it_has_another(started_table):
    """The rules and the seats were half of a pushed frame's bytes, the same at almost every
    version: a socket sends them once, then again only when they change."""
    game, players = started_table()
    layer = get_channel_layer()
    group = seat_group(game.pk, players[1].pk)

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        state = await join(socket)
        version = state["version"]

        async def pushed(*frames: dict) -> list[dict]:
            await layer.group_send(group, pushed_event(*frames))
            message = json.loads(await socket.receive_from(timeout=5))
            return message if isinstance(message, list) else [message]

        # after a whole state the page's table part is not known to be the pushed one's: sent
        (first,) = await pushed({**state, "version": version + 1})
        assert {key: first[key] for key in TABLE_KEYS} == {key: state[key] for key in TABLE_KEYS}
        (same,) = await pushed({**state, "version": version + 2})
        assert not set(TABLE_KEYS) & set(same)
        assert (same["type"], same["game"], same["version"]) == ("state", game.pk, version + 2)
        # a seat changed (its player timed out): the table's part goes again, once a message
        seats = [dict(seat) for seat in state["seats"]]
        seats[1]["timeouts"] = 1
        changed = {**state, "seats": seats}
        one, two = await pushed(
            {**changed, "version": version + 3}, {**changed, "version": version + 4}
        )
        assert one["seats"][1]["timeouts"] == 1 and "seats" not in two
        # a repeated sync within the coalescing window sends the last frame's text again,
        # without the table's part the page holds
        await socket.send_to(text_data=json.dumps({"type": "sync", "version": version + 4}))
        again = json.loads(await socket.receive_from(timeout=5))
        assert again["version"] == version + 4 and "seats" not in again
        await socket.disconnect()

    run(scenario)


def test_the_table_part_is_the_table_fields_but_the_head_and_the_page_keeps_the_same_keys(
    started_table,
):
    """Every key `table_fields` writes is either in every frame or one a page keeps from the
    frame before (main.js's TABLE_KEYS must list the same)."""
    game, _ = started_table()
    table = table_fields(game, list(game.seats.order_by("position")))
    assert tuple(table) == FRAME_HEAD_KEYS + TABLE_KEYS
    assert tuple(json.loads("{" + table_text(table) + "}")) == TABLE_KEYS
    script = (settings.BASE_DIR / "games/tables/static/games/table/main.js").read_text()
    assert "const TABLE_KEYS = " + json.dumps(list(TABLE_KEYS)) in script
