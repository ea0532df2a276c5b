"""The table socket: who may connect, what it accepts, and that each seat sees only its own."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from games.engine import RuleOptions
from games.models import Action, Game
from games.selectors import engine_game
from games.tables.services.tables import seat_take, table_create, table_start

from .sockets import join, receive, run, send, send_as_a_person, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def test_an_anonymous_socket_is_refused(started_table, redis_client):
    game, _ = started_table()

    async def scenario():
        socket = await table_socket(game.pk, None)
        connected, code = await socket.connect(timeout=10)
        assert not connected
        assert code == 4401

    run(scenario)


def test_a_socket_from_a_foreign_origin_is_refused(started_table, redis_client):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0], origin="http://evil.example")
        connected, _ = await socket.connect(timeout=10)
        assert not connected

    run(scenario)


def test_a_player_without_a_seat_is_refused(started_table, make_player, redis_client):
    game, _ = started_table()
    stranger = make_player()

    async def scenario():
        socket = await table_socket(game.pk, stranger)
        connected, code = await socket.connect(timeout=10)
        assert not connected
        assert code == 4403

    run(scenario)


def test_connecting_sends_a_snapshot_of_my_own_seat(started_table, redis_client):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[2])
        state = await join(socket)
        assert state["my_seat"] == 2 and state["version"] == 0
        assert len(state["view"]["hand"]) == 5
        await socket.disconnect()

    run(scenario)
    dealt = engine_game(game).state().hand.dealt
    assert sorted(dealt[2]) != sorted(dealt[0])


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ("not json", "Messages are JSON."),
        ("[1, 2]", "A message is a JSON object with a type."),
        (json.dumps({"type": "act", "action": "pass"}), "version"),
        (json.dumps({"type": "act", "action": "x" * 3000, "version": 0}), "at most"),
        (json.dumps({"type": "act", "action": 7, "version": 0}), "action string"),
        (json.dumps({"type": "shout", "version": 0}), "Unknown message type"),
    ],
)
def test_a_malformed_or_oversized_message_gets_a_clear_error(
    started_table, redis_client, message, why
):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        await join(socket)
        await send(socket, message)
        error = await receive(socket)
        assert error["type"] == "error"
        assert why in error["message"]
        await socket.disconnect()

    run(scenario)
    assert not Action.objects.filter(game=game).exists()


def test_a_move_by_the_wrong_seat_is_refused_and_changes_nothing(started_table, redis_client):
    game, players = started_table()
    wrong = players[(engine_game(game).to_act + 1) % 4]

    async def scenario():
        socket = await table_socket(game.pk, wrong)
        await join(socket)
        await send(socket, {"type": "act", "action": "pass", "version": 0})
        error = await receive(socket)
        assert error["code"] == "not_your_turn"
        state = await receive(socket)
        assert state["version"] == 0
        await socket.disconnect()

    run(scenario)
    assert not Action.objects.filter(game=game).exists()


def test_a_move_reaches_every_seat_as_its_own_view_and_a_late_socket_catches_up(
    started_table, redis_client
):
    game, players = started_table()
    actor = engine_game(game).to_act
    late = (actor + 1) % 4
    present = [seat for seat in range(4) if seat != late]

    async def scenario():
        sockets = {seat: await table_socket(game.pk, players[seat]) for seat in present}
        for socket in sockets.values():
            await join(socket)
        await send(sockets[actor], {"type": "act", "action": "pass", "version": 0})
        for seat, socket in sockets.items():
            state = await receive(socket)
            assert state["version"] == 1
            assert state["my_seat"] == seat
            assert state["view"]["bids"] == [{"seat": actor, "round": 1, "call": "pass"}]
        # the fourth player was away: connecting now catches them up at once
        latecomer = await table_socket(game.pk, players[late])
        state = await join(latecomer)
        assert state["version"] == 1 and state["my_seat"] == late
        for socket in [*sockets.values(), latecomer]:
            await socket.disconnect()

    run(scenario)


def test_no_frame_of_a_whole_game_carries_another_seats_unplayed_cards(make_player, redis_client):
    """Four players play a whole (short) game over their sockets; every frame each socket
    receives is checked against the other seats' hands at that moment."""
    players = [make_player() for _ in range(4)]
    rules = RuleOptions(target_score=3, going_under=True, defend_alone=True)
    game = table_create(creator_id=players[0].pk, kind=Game.Kind.PRIVATE, rules=rules)
    for player in players[1:]:
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=players[0].pk)

    def hidden_from(seat: int) -> set[str]:
        """Cards no frame for `seat` may hold: other seats' cards in hand, and the kitty."""
        state = engine_game(Game.objects.get(pk=game.pk)).state().hand
        cards = {card for other in range(4) if other != seat for card in state.hands[other]}
        cards |= set(state.kitty)
        if state.upcard_taken or state.phase in ("bid1", "bid2"):
            cards.discard(state.upcard)  # the up card is public
        return cards

    async def scenario():
        sockets = [await table_socket(game.pk, player) for player in players]
        states = [await join(socket) for socket in sockets]
        frames_checked = 0
        while True:
            for seat, state in enumerate(states):
                hidden = await sync_to_async(hidden_from)(seat)
                # finished hands are checked apart: their public cards may be dealt again later
                history = state["view"].pop("history", [])  # the page keeps the last one sent
                assert all(
                    record["dealt"] is None
                    and record["kitty"] is None
                    and record["discard"] is None
                    for record in history
                )
                text = json.dumps(state)
                leaked = [card for card in hidden if f'"{card}"' in text or f"{card}," in text]
                assert not leaked, f"seat {seat} saw {leaked} at version {state['version']}"
                frames_checked += 1
            view = states[0]["view"]
            if states[0]["status"] == "finished":
                break
            actor = view["to_act"]
            legal = states[actor]["view"]["legal_actions"]
            # never passing keeps the game short: every deal is bid on and played out
            action = next((a for a in legal if a != "pass"), legal[0])
            await send_as_a_person(
                sockets[actor],
                {"type": "act", "action": action, "version": states[actor]["version"]},
            )
            states = [await receive(socket) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return frames_checked

    frames = async_to_sync(scenario)()
    finished = Game.objects.get(pk=game.pk)
    assert finished.status == Game.Status.FINISHED
    assert max(finished.score_team0, finished.score_team1) >= 3
    assert frames >= 4 * finished.version


def test_two_tabs_of_one_player_stay_in_step(started_table, redis_client):
    game, players = started_table()
    actor = engine_game(game).to_act

    async def scenario():
        tabs = [await table_socket(game.pk, players[actor]) for _ in range(2)]
        for tab in tabs:
            await join(tab)
        await send(tabs[1], {"type": "act", "action": "pass", "version": 0})
        for tab in tabs:
            state = await receive(tab)
            assert state["version"] == 1 and state["my_seat"] == actor
        # the other tab, still on version 0, is told the table moved on and shown the state
        await send(tabs[0], {"type": "act", "action": "pass", "version": 0})
        error = await receive(tabs[0])
        assert error["code"] in ("stale_version", "not_your_turn")
        assert (await receive(tabs[0]))["version"] == 1
        for tab in tabs:
            await tab.disconnect()

    run(scenario)
    assert Action.objects.filter(game=game).count() == 1


def test_a_sockets_queries_give_their_connections_back_to_the_pool(started_table, redis_client):
    """The consumer's queries run on threads of the executor, each with its own connection;
    each goes back to the process's database pool after its call, as Django does at the end of
    a request, so the server's connections stay within the pool's size."""
    from django.db import connection

    game, players = started_table()

    async def scenario():
        sockets = [await table_socket(game.pk, player) for player in players]
        await asyncio.gather(*(join(socket) for socket in sockets))
        for socket in sockets:
            await send(socket, {"type": "sync", "version": 0})
        for socket in sockets:
            assert (await receive(socket))["type"] == "state"

    run(scenario)
    pool = connection.pool
    stats = pool.get_stats()
    held_here = 1 if connection.connection is not None else 0  # this test's own
    assert stats["pool_size"] - stats["pool_available"] == held_here, stats
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        assert cursor.fetchone()[0] < pool.max_size
