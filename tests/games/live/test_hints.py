"""Hints (games/live/services/hints.py): where they are allowed, that a refused one changes
nothing, that the answer reaches only the asking player's sockets and names no card they cannot
see, and the table socket's handling of a forged or disallowed request."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings

from games.engine import RuleOptions
from games.live.services.after_move import seat_group, table_group, watch_group
from games.live.services.hints import (
    GAME_HINT,
    HintRefused,
    hint_answer,
    hint_pending,
    hint_request,
)
from games.models import Game
from games.selectors import engine_game
from games.tables.models import Invitation
from games.tables.services.quick_play import queue_play_now
from games.tables.services.tables import game_cancel, seat_take, table_create, table_start

from .layer_listen import listening
from .sockets import join, receive, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def queued_hints(client) -> int:
    """The hint tasks waiting in the Celery queue (the broker's Redis list)."""
    bodies = client.lrange(f"{settings.REDIS_KEY_PREFIX}:celery", 0, -1)
    return sum(GAME_HINT in body.decode() for body in bodies)


@pytest.fixture
def alone_with_computers(make_player):
    """A private table of one person (seat 0) and strong computers, started at the person's
    turn: the standard game's seed 'lesson-140' has the dealer on seat 0's right."""

    def start(**fields):
        person = make_player(**fields)
        game = table_create(creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
        Game.objects.filter(pk=game.pk).update(seed="lesson-140")
        table_start(game_id=game.pk, user_id=person.pk)
        game.refresh_from_db()
        assert engine_game(game).to_act == 0
        return game, person

    return start


def refused(game: Game, user_id: int, version: int | None = None) -> HintRefused:
    with pytest.raises(HintRefused) as raised:
        hint_request(
            game_id=game.pk, user_id=user_id, version=game.version if version is None else version
        )
    return raised.value


def unchanged(game: Game, empty_queue) -> None:
    """A refused request changed nothing: no hint counted, none marked, none queued."""
    before = game.version
    game.refresh_from_db()
    assert game.hints_used == 0 and game.version == before
    assert not any(hint_pending(game_id=game.pk, seat=seat) for seat in range(4))
    assert queued_hints(empty_queue) == 0


def test_a_hint_is_refused_at_quick_play_and_changes_nothing(make_player, empty_queue):
    person = make_player()
    game = queue_play_now(user_id=person.pk, variant="standard", computer_level="strong")
    game.refresh_from_db()
    assert game.kind == Game.Kind.PUBLIC
    assert refused(game, person.pk).code == "hints_not_here"
    unchanged(game, empty_queue)


def test_a_hint_is_refused_at_a_private_table_with_another_person(started_table, empty_queue):
    game, players = started_table()
    to_act = players[engine_game(game).to_act]
    error = refused(game, to_act.pk)
    assert error.code == "hints_not_here" and "another person" in error.message
    unchanged(game, empty_queue)


def test_a_hint_is_refused_at_a_league_table(alone_with_computers, empty_queue):
    game, person = alone_with_computers()
    Game.objects.filter(pk=game.pk).update(kind=Game.Kind.LEAGUE)
    game.refresh_from_db()
    assert refused(game, person.pk).code == "hints_not_here"
    unchanged(game, empty_queue)


def test_a_hint_is_refused_to_a_player_who_turned_hints_off(alone_with_computers, empty_queue):
    game, person = alone_with_computers(display_preferences={"hints": False})
    assert refused(game, person.pk).code == "hints_off"
    unchanged(game, empty_queue)


def test_a_hint_is_refused_out_of_turn_or_from_an_old_version(
    alone_with_computers, make_player, empty_queue
):
    game, person = alone_with_computers()
    assert refused(game, person.pk, version=game.version + 3).code == "stale_version"
    assert refused(game, make_player().pk).code == "not_seated"
    unchanged(game, empty_queue)
    # the person passes: the computers are to act, not they
    from games.live.services.play import game_act

    game_act(game_id=game.pk, user_id=person.pk, action="pass", version=game.version)
    game.refresh_from_db()
    assert engine_game(game).to_act != 0
    assert refused(game, person.pk).code == "not_your_turn"
    assert game.hints_used == 0 and queued_hints(empty_queue) == 0


def test_a_hint_is_refused_once_the_game_is_over_or_left(alone_with_computers, empty_queue):
    game, person = alone_with_computers()
    game_cancel(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    assert refused(game, person.pk).code == "cancelled"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    assert refused(game, person.pk).code == "game_over"
    unchanged(game, empty_queue)


def test_a_hint_is_refused_before_the_start(make_player, empty_queue):
    person = make_player()
    game = table_create(creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert refused(game, person.pk).code == "not_started"
    unchanged(game, empty_queue)


def test_a_hint_is_counted_queued_and_one_at_a_time(alone_with_computers, empty_queue):
    game, person = alone_with_computers()
    hint_request(game_id=game.pk, user_id=person.pk, version=game.version)
    game.refresh_from_db()
    assert game.hints_used == 1
    assert hint_pending(game_id=game.pk, seat=0)
    assert queued_hints(empty_queue) == 1
    # a second while the first is being valued: refused, and nothing more counted or queued
    assert refused(game, person.pk).code == "hint_pending"
    game.refresh_from_db()
    assert game.hints_used == 1 and queued_hints(empty_queue) == 1


def test_the_answer_goes_to_the_asking_seat_only_and_names_only_cards_it_sees(
    alone_with_computers, empty_queue
):
    game, person = alone_with_computers()
    hint_request(game_id=game.pk, user_id=person.pk, version=game.version)
    view = engine_game(game).view(0)
    mine = seat_group(game.pk, person.pk)
    with listening(mine, table_group(game.pk), watch_group(game.pk)) as (seat, table, watch):
        answer = hint_answer(game_id=game.pk, user_id=person.pk, version=game.version)
        told = seat.next()
        assert table.nothing() and watch.nothing()
    assert told == {"type": "hint.answer", "answer": answer}
    assert answer is not None and answer["version"] == game.version
    actions = [choice["action"] for choice in answer["choices"]]
    assert sorted(actions) == sorted(view.legal_actions)  # pass and order up
    values = [choice["value"] for choice in answer["choices"]]
    assert values == sorted(values, reverse=True) and answer["deals"] > 0
    # no card but my own and the up card, in any form
    seen = {*view.hand, view.upcard}
    named = set(re.findall(r"\b[9TJQKA][SHDC]\b", json.dumps(answer)))
    assert named <= seen
    assert not hint_pending(game_id=game.pk, seat=0)  # free for the next decision


def test_an_answer_for_a_table_that_moved_on_is_not_sent(alone_with_computers, empty_queue):
    game, person = alone_with_computers()
    hint_request(game_id=game.pk, user_id=person.pk, version=game.version)
    from games.live.services.play import game_act

    game_act(game_id=game.pk, user_id=person.pk, action="pass", version=game.version)
    with listening(seat_group(game.pk, person.pk)) as (seat,):
        assert hint_answer(game_id=game.pk, user_id=person.pk, version=game.version) is None
        assert seat.nothing()
    assert not hint_pending(game_id=game.pk, seat=0)


def test_the_socket_answers_a_disallowed_or_forged_hint_with_an_error(
    started_table, alone_with_computers, make_player, empty_queue
):
    shared, players = started_table()
    to_act = players[engine_game(shared).to_act]
    alone, person = alone_with_computers()
    quick_player = make_player()
    public = queue_play_now(user_id=quick_player.pk, variant="standard", computer_level="easy")
    public.refresh_from_db()

    async def scenario():
        socket = await table_socket(shared.pk, to_act)
        await join(socket)
        await send(socket, {"type": "hint", "version": 0})
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == "hints_not_here"
        await send(socket, {"type": "hint"})  # forged: no version
        error = await receive(socket)
        assert error["code"] == "bad_message"
        await socket.disconnect()

        mine = await table_socket(alone.pk, person)
        await join(mine)
        await send(mine, {"type": "hint", "version": 99})  # a version never seen
        error = await receive(mine)
        assert error["code"] == "stale_version"
        await send(mine, {"type": "hint", "version": "0"})
        assert (await receive(mine))["code"] == "bad_message"
        await send(mine, {"type": "hint", "version": 0, "seat": 1})  # another seat's
        error = await receive(mine)
        assert error["code"] == "bad_message" and "your seat" in error["message"]
        await mine.disconnect()

        quick = await table_socket(public.pk, quick_player)
        await join(quick)
        await send(quick, {"type": "hint", "version": 0})
        error = await receive(quick)
        assert error["type"] == "error" and error["code"] == "hints_not_here"
        await quick.disconnect()

    run(scenario)
    for game in (shared, alone, public):
        before = game.version
        game.refresh_from_db()
        assert game.hints_used == 0 and game.version == before
    assert queued_hints(empty_queue) == 0


def test_a_watcher_cannot_ask_for_a_hint(alone_with_computers, make_player, empty_queue):
    game, _person = alone_with_computers()
    friend = make_player()
    Invitation.objects.create(game=game, user=friend)  # may watch the private table

    async def scenario():
        socket = await table_socket(game.pk, friend, watch=True)
        await join(socket)
        await send(socket, {"type": "hint", "version": 0})
        error = await receive(socket)
        assert error["code"] == "watching"
        await socket.disconnect()

    run(scenario)
    game.refresh_from_db()
    assert game.hints_used == 0 and queued_hints(empty_queue) == 0


def test_a_hint_at_a_table_with_two_people_is_refused_even_to_the_one_not_to_act(
    started_table, empty_queue
):
    game, players = started_table()
    waiting = players[(engine_game(game).to_act + 1) % 4]
    assert refused(game, waiting.pk).code == "hints_not_here"
    unchanged(game, empty_queue)


def test_a_private_table_after_everyone_else_sat_is_still_refused(make_player, empty_queue):
    host, guest = make_player(), make_player()
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=game.pk, user_id=guest.pk)
    table_start(game_id=game.pk, user_id=host.pk)
    game.refresh_from_db()
    for person in (host, guest):
        assert refused(game, person.pk).code == "hints_not_here"
    unchanged(game, empty_queue)
