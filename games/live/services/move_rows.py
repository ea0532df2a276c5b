"""The move path's statements written out: the game's row locked, then read with its seats and
their players' names in one statement, and the log's insert with the game's update in another.

Every move makes these, and the ORM's work to build them (compiling the query, the
select_related join, bulk_create's batching, save()'s field handling) cost several times the
statements themselves: 0.74 ms against 0.08 ms for the seats, 0.35 against 0.09 for the game
(`games.lab.bench_move` profile, issue 21). The SQL is built once from the models' own metadata, so
a field added to a model is read here too, and the rows become ordinary model instances (a
player's other fields are deferred: reading one is a query, as Django does for `.only()`).
Each statement is also a round trip and a statement's own work in PostgreSQL and in psycopg:
four became three (the lock, the game with its seats, the log's rows with the game's update).
And each is a prepared statement on PostgreSQL, planned once per connection (the pool keeps
connections): the planning of the game-with-seats join was three quarters of its cost in
PostgreSQL (310 against 83 µs a statement on the bench machine).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model

from games.models import Action, Game, Seat
from games.statements import statement_cursor

# what a frame and a record need of a seated player (`User.get_short_name`)
PLAYER_FIELDS = ("id", "display_name", "email")


def game_with_seats_locked(game_id: int) -> tuple[Game, dict[int, Seat]] | None:
    """The game's row, locked until the transaction ends (`select_for_update`; on a database
    without row locks, SQLite, which serializes writers itself, as Django does), and its seats
    by position, each with its player (id and name only) if it has one; None if gone."""
    sql, game_fields, seat_fields, player_fields = _game_with_seats_select()
    with statement_cursor() as cursor:
        if connection.features.has_select_for_update:
            # the lock in a statement of its own, first: a statement that waited for the lock
            # sees the other tables as they were when it began (READ COMMITTED re-reads only
            # the locked row), so a seat its holder changed (a player who left) would be missed.
            # NO KEY UPDATE: a move writes no key of the row, and this mode lets the foreign-key
            # checks of rows that point at the game (a chat line, a report) go on meanwhile; it
            # still excludes every other writer of the game (docs/architecture.md, "Lock order")
            cursor.execute(
                f'SELECT 1 FROM "{Game._meta.db_table}" WHERE "id"=%s FOR NO KEY UPDATE',
                [game_id],
            )
            if cursor.fetchone() is None:
                return None
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    game_end = len(game_fields)
    seat_end = game_end + len(seat_fields)
    game = _instance(Game, game_fields, rows[0][:game_end])
    user_model = get_user_model()
    seats = {}
    for row in rows:
        if row[game_end] is None:
            continue  # a game without seats (the join's empty side)
        seat = _instance(Seat, seat_fields, row[game_end:seat_end])
        seat._state.fields_cache["game"] = game
        if seat.user_id is not None:
            player = _instance(user_model, player_fields, row[seat_end:])
            seat._state.fields_cache["user"] = player
        else:
            seat._state.fields_cache["user"] = None
        seats[seat.position] = seat
    return game, seats


def _actions_insert_sql(
    game_id: int, rows: Sequence[tuple[int, int, str, str]], now: datetime
) -> tuple[str, list[Any]]:
    """Appending (sequence, seat, action, source) rows to the game's log: one statement."""
    table = Action._meta.db_table
    columns = ("game_id", "sequence", "seat", "action", "source", "created_at")
    values = ",".join(["(%s,%s,%s,%s,%s,%s)"] * len(rows))
    created_at = Action._meta.get_field("created_at").get_db_prep_save(now, connection)
    params: list[Any] = []
    for sequence, seat, action, source in rows:
        params += [game_id, sequence, seat, action, source, created_at]
    return f'INSERT INTO "{table}" ({",".join(columns)}) VALUES {values}', params


def game_update(
    game: Game,
    field_names: Iterable[str],
    actions: tuple[Sequence[tuple[int, int, str, str]], datetime] | None = None,
) -> None:
    """Writes these fields of `game` to its row (`save(update_fields=...)` without the ORM).
    `actions`: (rows, now) to append to the game's log too, in the same statement on PostgreSQL
    (a data-modifying WITH), else just before."""
    fields = [Game._meta.get_field(name) for name in field_names]
    assignments = ",".join(f'"{field.column}"=%s' for field in fields)  # type: ignore[union-attr]
    params = [
        field.get_db_prep_save(getattr(game, field.attname), connection)  # type: ignore[union-attr]
        for field in fields
    ]
    sql = f'UPDATE "{Game._meta.db_table}" SET {assignments} WHERE "id"=%s'
    params.append(game.pk)
    if actions is not None:
        insert, insert_params = _actions_insert_sql(game.pk, *actions)
        if connection.vendor == "postgresql":
            sql, params = f"WITH inserted AS ({insert}) {sql}", [*insert_params, *params]
        else:
            with connection.cursor() as cursor:
                cursor.execute(insert, insert_params)
    with statement_cursor() as cursor:
        cursor.execute(sql, params)


@functools.cache
def _game_with_seats_select() -> tuple[
    str, tuple[Field, ...], tuple[Field, ...], tuple[Field, ...]
]:
    user_model = get_user_model()
    game_fields = tuple(Game._meta.concrete_fields)
    seat_fields = tuple(Seat._meta.concrete_fields)
    # in the model's order: `Model.from_db` matches a partial row to the fields in that order
    player_fields = tuple(
        field for field in user_model._meta.concrete_fields if field.name in PLAYER_FIELDS
    )
    columns = [f'g."{field.column}"' for field in game_fields]
    columns += [f's."{field.column}"' for field in seat_fields]
    columns += [f'u."{field.column}"' for field in player_fields]
    sql = (
        f'SELECT {",".join(columns)} FROM "{Game._meta.db_table}" g '
        f'LEFT JOIN "{Seat._meta.db_table}" s ON s."game_id" = g."id" '
        f'LEFT JOIN "{user_model._meta.db_table}" u ON u."id" = s."user_id" '
        'WHERE g."id"=%s ORDER BY s."position"'
    )
    return sql, game_fields, seat_fields, player_fields


def _instance(model: type[Model], fields: tuple[Field, ...], row: Sequence[Any]) -> Any:
    """A model instance from a row, each value converted as the ORM converts it (the
    database's own converters, SQLite's dates and booleans, then the field's: a JSON field's
    text decoded)."""
    db = connections[DEFAULT_DB_ALIAS]  # the proxy `connection` costs a lookup each use
    attnames, conversions = _row_plan(db.vendor, fields)
    values = list(row)
    for index, converters in conversions:
        value = values[index]
        for convert, column in converters:
            value = convert(value, column, db)
        values[index] = value
    return model.from_db(DEFAULT_DB_ALIAS, attnames, values)


@functools.cache
def _row_plan(
    vendor: str, fields: tuple[Field, ...]
) -> tuple[list[str], tuple[tuple[int, tuple[tuple[Any, Any], ...]], ...]]:
    """The attribute names of `fields`, and the converters of those that have any (most have
    none: looking each up per value was a fifth of the move's own work)."""
    db = connections[DEFAULT_DB_ALIAS]
    conversions = []
    for index, field in enumerate(fields):
        column = field.get_col(field.model._meta.db_table)
        converters = (
            *db.ops.get_db_converters(column),
            *field.get_db_converters(db),  # type: ignore[attr-defined]  # Django's, not the stubs'
        )
        if converters:
            conversions.append((index, tuple((convert, column) for convert in converters)))
    return [field.attname for field in fields], tuple(conversions)
