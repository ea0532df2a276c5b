"""A real Celery worker keeps its PostgreSQL connection from one task to the next (Celery's
Django fixup would otherwise open a new one, a forked server backend, for every task)."""

from __future__ import annotations

import time

import pytest
from django.db import connection

from euchre_site.tasks import worker_health

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def other_backends() -> set[tuple[int, str]]:
    """(backend pid, start) of every connection to the test database but the test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, backend_start::text FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return set(cursor.fetchall())


def test_a_worker_keeps_its_database_connection_across_tasks(empty_queue, cluster):
    # the tasks earlier tests left in the queue are gone (a worker ran them for up to a minute
    # and a half before ours); one queued meanwhile may still come first: look after ours
    cluster.worker("worker")
    assert worker_health.delay().get(timeout=60)["database"] == "postgresql"
    time.sleep(1)  # a worker that closes after each task has done so by now
    after_one = other_backends()
    assert after_one, "the worker's connection was closed after its task"
    for _ in range(3):
        worker_health.delay().get(timeout=60)
    time.sleep(1)
    assert after_one <= other_backends(), "the worker opened a new connection"
