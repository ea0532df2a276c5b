"""Database work of the table sockets: each service call on any thread of the pool, and a
clear "busy" when the pool has no connection for it."""

from __future__ import annotations

import functools
from typing import Any

from channels.db import database_sync_to_async
from django.db import OperationalError, close_old_connections, connection


class DatabaseBusy(Exception):
    """No database connection within the pool's timeout (DB_POOL_TIMEOUT): a burst larger than
    the pool, or the database unreachable."""


def on_any_thread(function: Any) -> Any:
    """Each service call is a whole unit of work (its own transaction), so it may run on any
    thread of the pool, each with its own connection: the default (one thread per process for
    every socket's queries) made the sockets of a busy daphne queue behind one another while
    that thread waited on PostgreSQL."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        # channels' own close_old_connections around the call did not close this thread's
        # connection (seen with asgiref 3.13): closing it gives it back to the pool
        close_old_connections()
        try:
            # taken first, so that only an empty pool (or no database) is "busy"
            connection.ensure_connection()
        except OperationalError as error:
            raise DatabaseBusy from error
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return database_sync_to_async(call, thread_sensitive=False)
