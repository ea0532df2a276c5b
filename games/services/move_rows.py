"""The move path's statements written out: the game's row locked, its seats with their players'
names, the log's insert and the game's update.

Every move makes these four, and the ORM's work to build them (compiling the query, the
select_related join, bulk_create's batching, save()'s field handling) cost several times the
statements themselves: 0.74 ms against 0.08 ms for the seats, 0.35 against 0.09 for the game
(`games.bench_move` profile, issue 21). The SQL is built once from the models' own metadata, so
a field added to a model is read here too, and the rows become ordinary model instances (a
player's other fields are deferred: reading one is a query, as Django does for `.only()`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model

from ..models import Action, Game, Seat

# what a frame and a record need of a seated player (`User.get_short_name`)
PLAYER_FIELDS = ("id", "display_name", "email")


def game_locked(game_id: int) -> Game | None:
    """The game's row, locked until the transaction ends (`select_for_update`; on a database
    without row locks, SQLite, which serializes writers itself, as Django does); None if gone."""
    sql, fields = _game_select()
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    return None if row is None else _instance(Game, fields, row)


def seats_with_players(game_id: int) -> dict[int, Seat]:
    """The game's seats by position, each with its player (id and name only) if it has one."""
    sql, seat_fields, player_fields = _seats_select()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    user_model = get_user_model()
    split = len(seat_fields)
    seats = {}
    for row in rows:
        seat = _instance(Seat, seat_fields, row[:split])
        if seat.user_id is not None:
            player = _instance(user_model, player_fields, row[split:])
            seat._state.fields_cache["user"] = player
        else:
            seat._state.fields_cache["user"] = None
        seats[seat.position] = seat
    return seats


def actions_insert(game_id: int, rows: Sequence[tuple[int, int, str, str]], now: datetime) -> None:
    """Appends (sequence, seat, action, source) rows to the game's log in one statement."""
    table = Action._meta.db_table
    columns = ("game_id", "sequence", "seat", "action", "source", "created_at")
    values = ",".join(["(%s,%s,%s,%s,%s,%s)"] * len(rows))
    created_at = Action._meta.get_field("created_at").get_db_prep_save(now, connection)
    params: list[Any] = []
    for sequence, seat, action, source in rows:
        params += [game_id, sequence, seat, action, source, created_at]
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{table}" ({",".join(columns)}) VALUES {values}',
            params,
        )


def game_update(game: Game, field_names: Iterable[str]) -> None:
    """Writes these fields of `game` to its row (`save(update_fields=...)` without the ORM)."""
    fields = [Game._meta.get_field(name) for name in field_names]
    assignments = ",".join(f'"{field.column}"=%s' for field in fields)  # type: ignore[union-attr]
    params = [
        field.get_db_prep_save(getattr(game, field.attname), connection)  # type: ignore[union-attr]
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE "{Game._meta.db_table}" SET {assignments} WHERE "id"=%s',
            [*params, game.pk],
        )


@functools.cache
def _game_select() -> tuple[str, tuple[Field, ...]]:
    fields = tuple(Game._meta.concrete_fields)
    columns = ",".join(f'"{field.column}"' for field in fields)
    sql = f'SELECT {columns} FROM "{Game._meta.db_table}" WHERE "id"=%s'
    return sql, fields


@functools.cache
def _seats_select() -> tuple[str, tuple[Field, ...], tuple[Field, ...]]:
    user_model = get_user_model()
    seat_fields = tuple(Seat._meta.concrete_fields)
    # in the model's order: `Model.from_db` matches a partial row to the fields in that order
    player_fields = tuple(
        field for field in user_model._meta.concrete_fields if field.name in PLAYER_FIELDS
    )
    columns = [f's."{field.column}"' for field in seat_fields]
    columns += [f'u."{field.column}"' for field in player_fields]  # type: ignore[union-attr]
    sql = (
        f'SELECT {",".join(columns)} FROM "{Seat._meta.db_table}" s '
        f'LEFT JOIN "{user_model._meta.db_table}" u ON u."id" = s."user_id" '
        'WHERE s."game_id"=%s ORDER BY s."position"'
    )
    return sql, seat_fields, player_fields


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
            *field.get_db_converters(db),
        )
        if converters:
            conversions.append((index, tuple((convert, column) for convert in converters)))
    return [field.attname for field in fields], tuple(conversions)
