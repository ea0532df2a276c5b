"""Prepared statements for the move path's hottest reads and writes.

The ORM's work to build a query (compiling it, its lookups and ordering) costs several times
the statement itself on the move path: reading a log's tail through the ORM took 265 µs of the
process's CPU against 38 µs as a prepared statement (issue 21, 3,000 reads each on the bench
database). `statement_cursor` gives psycopg's server-side binding, wrapped as Django wraps its
own cursors, so errors, the queries' log and the tests' query counts see these statements too.
"""

from __future__ import annotations

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper

from .models import Action


def statement_cursor() -> CursorWrapper:
    """A cursor whose statements are prepared, where the connection prepares (PostgreSQL without
    PgBouncer: settings' prepare_threshold): psycopg's server-side binding, wrapped as Django
    wraps its own (errors, the queries' log and its tests' counts); else Django's own."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        return db.cursor()
    db.ensure_connection()
    if db.connection.prepare_threshold is None:
        return db.cursor()
    cursor = psycopg.Cursor(db.connection)
    # both wrap a driver's cursor (django-stubs has them take the wrapper)
    if db.queries_logged:
        return db.make_debug_cursor(cursor)  # type: ignore[arg-type]
    return db.make_cursor(cursor)  # type: ignore[arg-type]


_LOG_TAIL_SQL = (
    f'SELECT "action" FROM "{Action._meta.db_table}" '
    'WHERE "game_id"=%s AND "sequence">=%s AND "sequence"<%s ORDER BY "sequence"'
)


def log_actions(game_id: int, first: int, end: int) -> list[str]:
    """The game's logged actions numbered `first` to `end - 1`, in order."""
    with statement_cursor() as cursor:
        cursor.execute(_LOG_TAIL_SQL, [game_id, first, end])
        return [row[0] for row in cursor.fetchall()]
