"""Two transactions on two connections, the second made to wait for the first: races run in a
known order (the first holds its transaction open until the second is seen waiting for a
lock)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.db import connection, transaction


def one_after_the_other(first: Callable[[], object], second: Callable[[], object]) -> dict:
    """Runs `first` in a transaction held open until `second`, on another connection, waits
    for a lock; then lets `first` commit. What each returned or raised, by name."""
    first_done, first_may_commit = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def run_first() -> None:
        try:
            with transaction.atomic():
                outcome["first"] = first()
                first_done.set()
                first_may_commit.wait(10)
        except Exception as error:
            outcome["first"] = error
            first_done.set()
        finally:
            connection.close()

    def run_second() -> None:
        try:
            outcome["second"] = second()
        except Exception as error:
            outcome["second"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run_first), threading.Thread(target=run_second)]
    threads[0].start()
    assert first_done.wait(10)
    threads[1].start()
    try:
        _wait_until_a_query_waits_for_a_lock()
    finally:
        first_may_commit.set()
        for thread in threads:
            thread.join(10)
    return outcome


def _wait_until_a_query_waits_for_a_lock() -> None:
    give_up = time.monotonic() + 10
    with connection.cursor() as cursor:
        while time.monotonic() < give_up:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
    raise AssertionError("the second transaction never waited for the first")
