"""Two real PostgreSQL transactions side by side, for the lock-order tests: another connection
that holds rows while the test's own services run, and a look at who waits for whom."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
from django.db import connection

from tests.live_server import TEST_PROCESS_APPLICATION, url_of_test_database

WAIT_SECONDS = 20.0


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def waiting_on(cursor: Any, holder_pid: int) -> bool:
    """Does some backend wait for a lock `holder_pid` holds? (pg_locks is read live, unlike
    pg_stat_activity, which a transaction sees as of its first look.)"""
    cursor.execute(
        "SELECT count(*) FROM pg_locks WHERE NOT granted AND %s = ANY(pg_blocking_pids(pid))",
        [holder_pid],
    )
    return cursor.fetchone()[0] > 0


def wait_until(check: Callable[[], bool], what: str, seconds: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.02)


def other_connection() -> psycopg.Connection:
    """A connection of the test's database that is not Django's (its own transaction)."""
    return psycopg.connect(url_of_test_database(f"{TEST_PROCESS_APPLICATION}-locks"))


class MoveDeadlocker(threading.Thread):
    """Deadlocks with the next `rounds` moves that update the seat `seat_id` of game `game_id`:
    it holds the seat's row; when a move (holding the game's row) waits for the seat, it asks
    for the game's row. Its own deadlock_timeout is long, so PostgreSQL finds the cycle from
    the move's side and rolls the move back; ROLLBACK TO SAVEPOINT then gives the game's row
    back while the seat stays held for the next round. It commits after the last round."""

    def __init__(self, *, game_id: int, seat_id: int, rounds: int) -> None:
        super().__init__(daemon=True)
        self.game_id, self.seat_id, self.rounds = game_id, seat_id, rounds
        self.holding = threading.Event()
        self.rounds_done = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with other_connection() as db, db.cursor() as cursor:
                cursor.execute("SET deadlock_timeout = '60s'")
                cursor.execute("SELECT 1 FROM games_seat WHERE id=%s FOR UPDATE", [self.seat_id])
                self.holding.set()
                pid = db.info.backend_pid
                for _ in range(self.rounds):
                    with other_connection() as look, look.cursor() as looking:
                        look.autocommit = True
                        wait_until(lambda: waiting_on(looking, pid), "a move waiting for the seat")
                    cursor.execute("SAVEPOINT round")
                    cursor.execute(
                        "SELECT 1 FROM games_game WHERE id=%s FOR UPDATE", [self.game_id]
                    )
                    cursor.execute("ROLLBACK TO SAVEPOINT round")
                    self.rounds_done += 1
                db.commit()
        except BaseException as error:  # the test reads it
            self.error = error
            self.holding.set()

    def __enter__(self) -> MoveDeadlocker:
        self.start()
        assert self.holding.wait(WAIT_SECONDS)
        return self

    def __exit__(self, *exc: object) -> None:
        self.join(WAIT_SECONDS * (self.rounds + 1))
        assert not self.is_alive(), "the deadlocking connection did not finish"
