"""The lock order of docs/architecture.md ("Lock order"), between real PostgreSQL transactions.

A chat line used to lock its writer's seat row, and its foreign-key check at commit asked for
a share lock on the game's row; a move holds the game's row and then updates seat rows. The
two waited for each other, PostgreSQL rolled one back as a deadlock, and the move was lost.
Now a chat line takes no row a move takes (a lock of its player's own), and a move holds the
game's row FOR NO KEY UPDATE, which a foreign-key check does not wait for.

And a move that meets a database error anyway is tried again, or its player is told `busy`
with the move, which the page sends again; no timeout moves for them meanwhile."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction
from django.utils import timezone

from games.live.models import ChatMessage
from games.live.services.chat import chat_post
from games.live.services.move_in_flight import move_in_flight
from games.live.services.move_retry import MOVE_ATTEMPTS, MoveBusy, game_act_retrying
from games.live.services.move_rows import game_with_seats_locked
from games.live.services.play import computer_act
from games.models import Action, Game, Seat
from games.selectors import engine_game

from .locking import (
    WAIT_SECONDS,
    MoveDeadlocker,
    backend_pid,
    other_connection,
    wait_until,
    waiting_on,
)
from .sockets import join, receive, run, send, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def _chat_line(order: str, game: Game, seat: Seat) -> None:
    """The chat line's statements, inside the caller's open transaction."""
    if order == "old":  # chat_post before: the writer's seat row locked, then the line inserted
        list(Seat.objects.select_for_update().filter(pk=seat.pk))
        ChatMessage.objects.create(game=game, user_id=seat.user_id, seat=seat.position, text="hi")
    else:
        chat_post(game_id=game.pk, user_id=seat.user_id, text="hi")


def _move_lock(order: str, game: Game) -> None:
    """A move's first lock, the game's row."""
    if order == "old":
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM games_game WHERE id=%s FOR UPDATE", [game.pk])
    else:
        assert game_with_seats_locked(game.pk) is not None


@pytest.mark.parametrize("order", ["old", "new"])
def test_a_chat_line_and_a_move_at_the_same_moment(order, started_table):
    """The issue's two sessions: (1) a chat line, held open; (2) a move that locks the game and
    updates the writer's seat among others (scores, `covered`, `in_play`); then (1) commits.
    With the old order PostgreSQL finds a deadlock; with the new one both commit."""
    game, _players = started_table()
    seats = list(Seat.objects.filter(game=game).order_by("pk"))
    writer = seats[1]
    errors: dict[str, BaseException] = {}
    pids: dict[str, int] = {}
    posted, updated, commit_chat, chat_done = (threading.Event() for _ in range(4))

    def chat_side() -> None:
        try:
            with transaction.atomic():
                pids["chat"] = backend_pid()
                _chat_line(order, game, writer)
                posted.set()
                assert commit_chat.wait(WAIT_SECONDS)
            # the line's foreign key to the game is checked here, at commit (deferred)
        except BaseException as error:
            errors["chat"] = error
        finally:
            chat_done.set()
            posted.set()
            connection.close()

    def move_side() -> None:
        try:
            assert posted.wait(WAIT_SECONDS)
            with transaction.atomic():
                pids["move"] = backend_pid()
                _move_lock(order, game)
                Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(covered=False)
                updated.set()
                # committed only once the chat line has (or waits on this transaction)
                with other_connection() as look, look.cursor() as looking:
                    look.autocommit = True
                    wait_until(
                        lambda: chat_done.is_set() or waiting_on(looking, pids["move"]),
                        "the chat line's commit",
                    )
        except BaseException as error:
            errors["move"] = error
        finally:
            updated.set()
            connection.close()

    threads = [threading.Thread(target=chat_side), threading.Thread(target=move_side)]
    for thread in threads:
        thread.start()
    assert posted.wait(WAIT_SECONDS)
    # the chat line commits once the move has updated the seats, or waits for the chat's seat
    with other_connection() as look, look.cursor() as looking:
        look.autocommit = True
        wait_until(
            lambda: updated.is_set() or ("chat" in pids and waiting_on(looking, pids["chat"])),
            "the move's update",
        )
    commit_chat.set()
    for thread in threads:
        thread.join(WAIT_SECONDS * 2)
        assert not thread.is_alive()

    if order == "old":
        assert len(errors) == 1, errors
        assert "deadlock detected" in str(next(iter(errors.values())))
    else:
        assert errors == {}
        assert ChatMessage.objects.filter(game=game, text="hi").count() == 1


def _turn_with_time_to_restore(started_table: Any) -> tuple[Game, Any, Seat, str]:
    """A started four-person table; the player to act has a halved time limit, so their move
    updates their seat's row (`game_act` gives it back in full)."""
    game, players = started_table()
    engine = engine_game(game)
    seat = Seat.objects.get(game=game, position=engine.to_act)
    Seat.objects.filter(pk=seat.pk).update(time_limit_ms=seat.time_limit_ms // 2)
    player = next(player for player in players if player.pk == seat.user_id)
    return game, player, seat, engine.legal_actions()[0]


def test_a_move_rolled_back_as_a_deadlock_is_played_on_the_next_try(started_table):
    game, player, seat, action = _turn_with_time_to_restore(started_table)
    with MoveDeadlocker(game_id=game.pk, seat_id=seat.pk, rounds=1) as deadlocker:
        applied = game_act_retrying(
            game_id=game.pk, user_id=player.pk, action=action, version=game.version
        )
    assert deadlocker.error is None and deadlocker.rounds_done == 1
    assert applied.version == game.version + 1
    stored = Action.objects.get(game=game, sequence=game.version)
    assert (stored.action, stored.source, stored.seat) == (action, "player", seat.position)
    # the failed try marked the move as in flight for the timeout tasks
    assert move_in_flight(game_id=game.pk, version=game.version)


def test_a_move_that_fails_every_try_is_in_flight_and_no_timeout_plays_for_it(started_table):
    game, player, seat, action = _turn_with_time_to_restore(started_table)
    with (
        MoveDeadlocker(game_id=game.pk, seat_id=seat.pk, rounds=MOVE_ATTEMPTS),
        pytest.raises(MoveBusy) as busy,
    ):
        game_act_retrying(game_id=game.pk, user_id=player.pk, action=action, version=game.version)
    assert (busy.value.code, busy.value.action, busy.value.version) == (
        "busy",
        action,
        game.version,
    )
    assert not Action.objects.filter(game=game).exists()
    # the player's time has run out meanwhile: their timeout still leaves the move to them
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    assert computer_act(game_id=game.pk, version=game.version, source="timeout") is None
    assert not Action.objects.filter(game=game).exists()
    applied = game_act_retrying(
        game_id=game.pk, user_id=player.pk, action=action, version=game.version
    )
    assert applied.version == game.version + 1


def test_the_socket_says_busy_with_the_move_and_takes_it_again(started_table):
    """Over the table socket: no close (1011) on a database error; the page is told `busy`
    with its action and version, and the same act sent again is played."""
    game, player, seat, action = _turn_with_time_to_restore(started_table)

    async def scenario() -> None:
        socket = await table_socket(game.pk, player)
        state = await join(socket)
        deadlocker = MoveDeadlocker(game_id=game.pk, seat_id=seat.pk, rounds=MOVE_ATTEMPTS)
        await sync_to_async(deadlocker.__enter__, thread_sensitive=False)()
        await send(socket, {"type": "act", "action": action, "version": state["version"]})
        frame = await receive(socket, timeout=WAIT_SECONDS * 2)
        await sync_to_async(deadlocker.__exit__, thread_sensitive=False)(None, None, None)
        assert frame["type"] == "error" and frame["code"] == "busy", frame
        assert (frame["action"], frame["version"]) == (action, state["version"])
        await send(socket, {"type": "act", "action": action, "version": state["version"]})
        for _ in range(20):
            frame = await receive(socket, timeout=WAIT_SECONDS)
            if frame["type"] == "state" and frame["version"] > state["version"]:
                break
        else:
            raise AssertionError("the move sent again was not played")

    run(scenario)
    assert Action.objects.filter(game=game, sequence=0, action=action, source="player").exists()
