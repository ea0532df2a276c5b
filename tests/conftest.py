"""Fixtures shared by the whole suite.

Database tests run only on PostgreSQL and Redis-backed tests only on a real Redis: `python3 run.py
test` provides both (real servers from DATABASE_URL / REDIS_URL, or embedded ones). Running
pytest by hand against SQLite stops at once with a message instead of testing the wrong thing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from django.conf import settings
from django.db.backends.postgresql.operations import DatabaseOperations


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    engine = settings.DATABASES["default"]["ENGINE"]
    if not engine.endswith("postgresql"):
        pytest.exit(
            f"database tests need PostgreSQL, not {engine}: run them with `python3 run.py test`",
            returncode=3,
        )
    # The table consumers run their queries on pool threads, each with its own connection:
    # CONN_MAX_AGE is 0 (the settings' database pool needs it), so each goes back to the pool
    # after its call, and the pool is closed before the test database is dropped.
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] == 0
    return django_db_setup


@pytest.fixture(scope="session", autouse=True)
def _tables_emptied_by_delete() -> Iterator[None]:
    """After each transactional test pytest-django empties every table with Django's flush, a
    TRUNCATE of ~50 tables that makes each table's files anew: about a second on a busy machine,
    and it waits behind any connection still open on a table. A DELETE of their few rows, with
    the foreign keys' checks off for that transaction (`session_replication_role`; the tests'
    PostgreSQL user is a superuser), ends the same, every table empty, in milliseconds. A flush
    that resets sequences is left as Django writes it."""
    truncate = DatabaseOperations.sql_flush

    def delete_rows(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return ["SET LOCAL session_replication_role = replica"] + [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))}"
            for table in tables
        ]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", delete_rows)
        yield


@pytest.fixture(scope="session")
def redis_client() -> redis.Redis:
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError as error:
        pytest.exit(
            f"Redis at {settings.REDIS_URL} is not reachable ({error}): "
            "run the tests with `python3 run.py test`",
            returncode=3,
        )
    return client


@pytest.fixture
def empty_queue(redis_client):
    """The Celery queue emptied before and after the test (its Redis client), with the marks
    of the move tasks it held (games.live.services.move_queue) and the computers' runs waiting
    (games.live.services.computer_runs)."""
    _queue_empty(redis_client)
    yield redis_client
    _queue_empty(redis_client)


def _queue_empty(client: redis.Redis) -> None:
    client.delete(f"{settings.REDIS_KEY_PREFIX}:celery")
    client.delete(f"{settings.REDIS_KEY_PREFIX}:computer-runs")
    client.delete(f"{settings.REDIS_KEY_PREFIX}:computer-runs:wake")
    for key in client.scan_iter(f"{settings.REDIS_KEY_PREFIX}:*:move-task:*"):
        client.delete(key)


# Tests that start servers, browsers or a whole site, and wait on them: run first, so that with
# pytest-xdist's two workers the last minutes of a run are short tests the workers share rather
# than one worker's long one (in collection order they came last: 7 of a run's 10 minutes were
# its last 9% of tests).
LONG_FIRST = ("tests/scale/", "tests/browser/", "tests/euchre_site/test_serve_command.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))  # stable: else as found
