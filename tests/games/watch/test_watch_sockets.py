"""Watching a table over the real socket (/ws/tables/<id>/watch/): the leak hunt extended to a
watcher over whole games of three variants (every hidden card, the call-ace partner, and the
delay: never a card of a trick in progress), forged watcher messages, refusals, the watchers'
count the players see, and the chat a watcher reads."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings

from games.engine import RuleOptions
from games.engine.watch import watch_checkpoint
from games.live.models import ChatMessage, ChatMute
from games.live.services.presence import watcher_count, watchers_key
from games.live.services.socket_slots import stale_after_ms
from games.models import Action, Game
from games.selectors import engine_game
from games.tables.models import Invitation
from games.watch.selectors import PRIVATE_ONLY
from tests.games.engine.test_watch_checkpoint import hidden_now
from tests.games.live.sockets import join, receive, run, send, send_as_a_person, table_socket
from tests.games.live.test_variant_sockets import partner_facts, people_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


async def next_frame(socket, kind: str = "state") -> dict[str, Any]:
    """The next frame of `kind`, skipping the others (the watchers' count, chat lines)."""
    while True:
        frame = await receive(socket)
        if frame["type"] == kind:
            return frame


async def watch(socket) -> dict[str, Any]:
    """Connects a watcher; its first state frame (then the chat history)."""
    connected, code = await socket.connect(timeout=10)
    assert connected, f"refused with close code {code}"
    state = await receive(socket)
    assert state["type"] == "state" and state["watching"] is True and state["my_seat"] is None
    assert (await receive(socket))["type"] == "chat"
    return state


def checkpoint_now(game_id: int) -> tuple[int, Any]:
    """The checkpoint a watcher should see now, and the engine's state as it really is."""
    game = Game.objects.get(pk=game_id)
    actions = list(
        Action.objects.filter(game=game).order_by("sequence").values_list("action", flat=True)
    )
    seen, _view = watch_checkpoint(RuleOptions.from_dict(game.rules), game.seed, actions)
    return seen, engine_game(game).state()


def assert_watcher_frame_hides(frame: dict[str, Any], state) -> None:
    view = dict(frame["view"])
    history = view.pop("history")
    view.pop("dealer_draw")  # the first dealer's draw: another shuffle, public
    assert all(
        record["dealt"] is None and record["kitty"] is None and record["discard"] is None
        for record in history
    )
    assert view["hand"] == [] and view["my_discard"] is None and view["legal_actions"] == []
    assert view["my_under_given"] is None and view["my_exchange_given"] is None
    text = json.dumps({**frame, "view": view})
    leaked = [card for card in hidden_now(state) if f'"{card}"' in text or f"{card}," in text]
    assert not leaked, f"the watcher saw {leaked} at version {frame['version']}"
    if frame["status"] == "playing":
        assert view["trick"] == []  # never a card of a trick in progress
        assert frame["turn_deadline"] is None


def watch_a_whole_game(make_player, rules: RuleOptions, *, call_ace: bool) -> dict[str, int]:
    game, players = people_table(make_player, rules)
    watcher = make_player("Watcher")
    Invitation.objects.create(game=game, user=watcher)

    async def scenario() -> dict[str, int]:
        sockets = [await table_socket(game.pk, player) for player in players]
        states = [await join(socket) for socket in sockets]
        eye = await table_socket(game.pk, watcher, watch=True)
        frame = await watch(eye)
        assert (await next_frame(eye, "watchers"))["count"] == 1  # watchers see it too
        counts = {"frames": 0, "delayed": 0, "partner_hidden": 0, "partner_shown": 0}
        seen = frame["version"]
        while True:
            if states[0]["status"] == "finished":
                break
            actor = states[0]["view"]["to_act"]
            legal = states[actor]["view"]["legal_actions"]
            action = next((a for a in legal if a not in ("pass", "alone")), legal[0])
            await send_as_a_person(
                sockets[actor],
                {"type": "act", "action": action, "version": states[actor]["version"]},
            )
            states = [await next_frame(socket) for socket in sockets]
            now_seen, state = await sync_to_async(checkpoint_now)(game.pk)
            if now_seen == seen:
                # within the bidding or a trick: nothing new reaches the watcher
                assert await eye.receive_nothing(timeout=0.05)
                counts["delayed"] += bool(state.hand.trick_cards)
                continue
            frame = await next_frame(eye)
            seen = frame["version"]
            assert seen == now_seen
            assert_watcher_frame_hides(frame, state)
            counts["frames"] += 1
            if call_ace and frame["status"] == "playing":
                facts = await sync_to_async(partner_facts)(game.pk)
                if frame["view"]["partner"] is not None:
                    assert facts["played"] and frame["view"]["partner"] == facts["partner"]
                    counts["partner_shown"] += 1
                elif facts["partner"] is not None:
                    counts["partner_hidden"] += 1
        assert frame["status"] == "finished"
        # a private table's record is its players': the invited watcher gets no link to it
        assert frame["result"]["record_url"] is None
        assert frame["version"] == states[0]["version"]
        return counts

    counts = run(scenario)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert counts["frames"] > 5 and counts["delayed"] > 0
    return counts


def test_a_watcher_of_a_standard_game_sees_no_hidden_card_and_no_trick_in_progress(
    make_player, redis_client
):
    rules = RuleOptions(target_score=3, going_under=True, defend_alone=True)
    watch_a_whole_game(make_player, rules, call_ace=False)


def test_a_watcher_of_a_three_handed_game_sees_no_hidden_card(make_player, redis_client):
    watch_a_whole_game(
        make_player, RuleOptions(variant="three_handed", target_score=3), call_ace=False
    )


def test_a_watcher_of_call_ace_sees_the_partner_only_once_the_called_card_shows(
    make_player, redis_client
):
    counts = watch_a_whole_game(
        make_player, RuleOptions(variant="call_ace", target_score=4), call_ace=True
    )
    assert counts["partner_hidden"] > 0


# ---- what a watcher may not do ----------------------------------------------------------------


def test_a_watchers_forged_messages_get_the_error_frame_and_change_nothing(
    started_table, make_player, redis_client
):
    game, _players = started_table()
    watcher = make_player("Watcher")
    Invitation.objects.create(game=game, user=watcher)
    engine = engine_game(game)
    legal = engine.legal_actions()[0]  # a move the seat to act could make
    before = (game.version, Action.objects.count(), ChatMessage.objects.count())

    async def scenario():
        eye = await table_socket(game.pk, watcher, watch=True)
        await watch(eye)
        forged = [
            {"type": "act", "action": legal, "version": game.version},
            {"type": "chat", "text": "they hold the right bower", "version": game.version},
            {"type": "mute", "seat": 1, "version": game.version},
            {"type": "unmute", "seat": 1, "version": game.version},
            {"type": "touch", "version": game.version},
        ]
        for message in forged:
            await send(eye, message)
            error = await next_frame(eye, "error")
            assert error["code"] == "watching", message
        await send(eye, "not json")
        assert (await next_frame(eye, "error"))["code"] == "bad_message"

    run(scenario)
    game.refresh_from_db()
    assert (game.version, Action.objects.count(), ChatMessage.objects.count()) == before
    assert not ChatMute.objects.filter(user=watcher).exists()


def test_a_watch_socket_is_refused_to_strangers_players_and_the_anonymous(
    started_table, make_player, redis_client
):
    game, players = started_table()  # a private table
    stranger = make_player("Stranger")

    async def scenario():
        anonymous = await table_socket(game.pk, None, watch=True)
        connected, code = await anonymous.connect(timeout=10)
        assert not connected and code == 4401
        for user, message in ((stranger, PRIVATE_ONLY), (players[1], None)):
            socket = await table_socket(game.pk, user, watch=True)
            connected, _ = await socket.connect(timeout=10)
            error = await receive(socket)
            assert error["type"] == "error" and error["code"] == "not_watching"
            if message:
                assert error["message"] == message
            else:
                assert "play at this table" in error["message"]
            assert (await socket.receive_output(timeout=5))["code"] == 4403

    run(scenario)


# ---- the watchers' count and the chat ---------------------------------------------------------


def test_the_players_see_how_many_watch_and_a_dead_watcher_expires(
    started_table, make_player, redis_client
):
    game, players = started_table()
    watchers = [make_player(f"Watcher{number}") for number in range(2)]
    for watcher in watchers:
        Invitation.objects.create(game=game, user=watcher)

    async def scenario():
        player = await table_socket(game.pk, players[0])
        await join(player)
        eyes = []
        for number, watcher in enumerate(watchers, start=1):
            eye = await table_socket(game.pk, watcher, watch=True)
            await watch(eye)
            eyes.append(eye)
            assert (await next_frame(player, "watchers"))["count"] == number
        await eyes[0].disconnect()
        assert (await next_frame(player, "watchers"))["count"] == 1
        # a player connecting later is told at once
        late = await table_socket(game.pk, players[1])
        await join(late)
        assert (await next_frame(late, "watchers"))["count"] == 1

    run(scenario)
    # a watcher whose daphne was killed stops beating: its entry is dropped when counted
    key = watchers_key(game.pk)
    server_ms = int(redis_client.time()[0]) * 1000
    redis_client.zadd(key, {"dead-daphne-socket": server_ms - stale_after_ms() - 1000})
    redis_client.zadd(key, {"live-socket": server_ms})
    assert watcher_count(game_id=game.pk) == 1
    assert redis_client.zscore(key, "dead-daphne-socket") is None
    assert settings.GAME_SOCKET_HEARTBEAT_SECONDS > 0


def test_a_watcher_reads_the_players_chat(started_table, make_player, redis_client):
    game, players = started_table()
    watcher = make_player("Watcher")
    Invitation.objects.create(game=game, user=watcher)

    async def scenario():
        player = await table_socket(game.pk, players[2])
        await join(player)
        eye = await table_socket(game.pk, watcher, watch=True)
        await watch(eye)
        await send(player, {"type": "chat", "text": "good luck all", "version": game.version})
        line = await next_frame(eye, "chat")
        assert [message["text"] for message in line["messages"]] == ["good luck all"]
        assert line["messages"][0]["seat"] == 2
        # a new watcher gets it in the history
        second = await table_socket(game.pk, watcher, watch=True)
        connected, _ = await second.connect(timeout=10)
        assert connected
        await next_frame(second, "state")
        history = await next_frame(second, "chat")
        assert history["history"] and history["messages"][-1]["text"] == "good luck all"

    run(scenario)
