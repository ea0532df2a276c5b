"""The move path's statements written out (games/live/services/move_rows.py) read and write the same
rows as the ORM would: every field of the game and its seats, the players' names, the log's
rows and the game's update, each pair in one statement; and a finished hand's dict is made once
and equal to its record's."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.engine import Game as EngineGame
from games.engine import RuleOptions
from games.engine.view import finished_hand_dict
from games.live.services.move_rows import game_update, game_with_seats_locked
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start

pytestmark = pytest.mark.django_db(transaction=True)


def fields_of(instance) -> dict:
    return {
        field.attname: getattr(instance, field.attname)
        for field in type(instance)._meta.concrete_fields
    }


def locked_elsewhere(game_id: int) -> bool:
    """Whether another connection finds the game's row locked (and its seats not)."""
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute('SELECT 1 FROM "games_seat" WHERE "game_id"=%s FOR UPDATE NOWAIT', [game_id])
        try:
            other.execute('SELECT 1 FROM "games_game" WHERE "id"=%s FOR UPDATE NOWAIT', [game_id])
        except psycopg.errors.LockNotAvailable:
            return True
    return False


def test_the_game_locked_is_the_row_the_orm_reads_and_locks(started_table):
    game, _players = started_table(RuleOptions(target_score=7, stick_the_dealer=True))
    with transaction.atomic():
        locked, seats = game_with_seats_locked(game.pk)
        assert locked_elsewhere(game.pk)
    assert not locked_elsewhere(game.pk)
    assert fields_of(locked) == fields_of(Game.objects.get(pk=game.pk))
    assert locked.rules["target_score"] == 7  # the JSON decoded, not its text
    assert sorted(seats) == [0, 1, 2, 3] and all(seat.game is locked for seat in seats.values())
    assert game_with_seats_locked(game.pk + 10_000) is None


def test_a_seat_changed_while_the_lock_was_awaited_is_read_as_changed(started_table):
    """The game's lock is awaited in a statement of its own: a statement that waited for it
    would see the seats as they were before the holder changed them (a player who left)."""
    game, players = started_table()
    leaver = players[1]
    took_lock, read = threading.Event(), {}

    def holder() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=game.pk)
                took_lock.set()
                time.sleep(0.5)  # the mover waits for the lock meanwhile
                Seat.objects.filter(game=game, user=leaver).update(cancelled=True)
        finally:
            connection.close()

    thread = threading.Thread(target=holder)
    thread.start()
    assert took_lock.wait(timeout=10)
    with transaction.atomic():
        _game, seats = game_with_seats_locked(game.pk)
        read["cancelled"] = [seat.cancelled for seat in seats.values() if seat.user_id == leaver.pk]
    thread.join(timeout=10)
    assert read["cancelled"] == [True]


def test_the_seats_come_with_their_players_names_and_the_empty_seats_without(make_player):
    person = make_player("Ada")
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level="easy"
    )
    table_start(game_id=game.pk, user_id=person.pk)
    _game, seats = game_with_seats_locked(game.pk)
    by_orm = {seat.position: seat for seat in Seat.objects.filter(game=game).select_related("user")}
    assert sorted(seats) == sorted(by_orm) == [0, 1, 2, 3]
    for position, seat in seats.items():
        assert fields_of(seat) == fields_of(by_orm[position])
        if seat.user_id is None:
            assert seat.user is None
        else:
            assert seat.user.get_short_name() == by_orm[position].user.get_short_name() == "Ada"
    # a field the path does not read is still there when asked (one query, as with .only())
    mine = next(seat for seat in seats.values() if seat.user_id == person.pk)
    assert mine.user.is_active is True


def test_the_log_rows_and_the_games_update_are_what_the_orm_stores(started_table):
    game, _players = started_table()
    engine = engine_game(game)
    first = game.version
    actions = []
    for _ in range(3):
        action = choose_action(engine.view(engine.to_act), engine.rules)
        actions.append((engine.to_act, action))
        engine = engine.apply(action, seat=engine.to_act)
    now = timezone.now()
    with transaction.atomic():
        locked, _seats = game_with_seats_locked(game.pk)
        locked.version = first + 3
        locked.turn_deadline = now + timedelta(seconds=30)
        locked.moved_at = now
        rows = [
            (first + n, seat, action, Action.Source.PLAYER)
            for n, (seat, action) in enumerate(actions)
        ]
        with CaptureQueriesContext(connection) as statements:
            game_update(locked, ["version", "turn_deadline", "moved_at"], actions=(rows, now))
        assert len(statements) == 1  # the insert and the update in one statement
    stored = list(Action.objects.filter(game=game, sequence__gte=first).order_by("sequence"))
    assert [(row.sequence, row.seat, row.action, row.source) for row in stored] == [
        (first + n, seat, action, "player") for n, (seat, action) in enumerate(actions)
    ]
    assert all(row.created_at == now for row in stored)
    game.refresh_from_db()
    assert (game.version, game.turn_deadline, game.moved_at) == (
        first + 3,
        now + timedelta(seconds=30),
        now,
    )


def test_a_finished_hands_dict_is_made_once_and_is_its_records():
    engine = EngineGame(RuleOptions(), "rows-seed")
    while not engine.history:
        engine = engine.apply(
            choose_action(engine.view(engine.to_act), engine.rules), seat=engine.to_act
        )
    record = engine.history[0]
    made = finished_hand_dict(record)
    assert made == record.to_dict()
    assert finished_hand_dict(record) is made
    # another game's record object has its own dict, even where the two are equal
    again = EngineGame(RuleOptions(), "rows-seed")
    while not again.history:
        again = again.apply(choose_action(again.view(again.to_act), again.rules), seat=again.to_act)
    assert again.history[0] is not record
    assert finished_hand_dict(again.history[0]) == made
    assert finished_hand_dict(again.history[0]) is not made
