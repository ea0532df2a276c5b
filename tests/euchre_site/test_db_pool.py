"""Each process's pool of PostgreSQL connections: its size from the environment, and the
settings that use it (PgBouncer and SQLite go without)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from euchre_site.db_pool import HTTP_HEADROOM, asgi_threads, db_pool_options

ROOT = Path(__file__).resolve().parents[2]


def test_by_default_a_pool_holds_what_a_daphne_can_use_at_once():
    cpus = getattr(os, "process_cpu_count", os.cpu_count)() or 1
    assert asgi_threads({}) == min(32, cpus + 4)  # asyncio's default executor
    assert db_pool_options({}) == {
        "min_size": 1,
        "max_size": min(32, cpus + 4) + HTTP_HEADROOM,
        "timeout": 5.0,
        "name": "euchre",
    }


def test_daphnes_thread_count_sizes_the_pool_and_every_value_can_be_set():
    assert db_pool_options({"ASGI_THREADS": "8"})["max_size"] == 8 + HTTP_HEADROOM
    options = db_pool_options(
        {"DB_POOL_MIN_SIZE": "2", "DB_POOL_MAX_SIZE": "3", "DB_POOL_TIMEOUT": "0.5"}
    )
    assert (options["min_size"], options["max_size"], options["timeout"]) == (2, 3, 0.5)


@pytest.mark.parametrize(
    ("environ", "why"),
    [
        ({"DB_POOL_MAX_SIZE": "0"}, "DB_POOL_MAX_SIZE must be a whole number of at least 1"),
        ({"DB_POOL_MAX_SIZE": "ten"}, "DB_POOL_MAX_SIZE must be a whole number"),
        ({"DB_POOL_MIN_SIZE": "4", "DB_POOL_MAX_SIZE": "2"}, "must not exceed"),
        ({"DB_POOL_TIMEOUT": "0"}, "DB_POOL_TIMEOUT must be a number of seconds above 0"),
        ({"DB_POOL_TIMEOUT": "inf"}, "DB_POOL_TIMEOUT"),
        ({"DB_POOL_TIMEOUT": "nan"}, "DB_POOL_TIMEOUT"),
        ({"ASGI_THREADS": "-1"}, "ASGI_THREADS"),
    ],
)
def test_a_pool_setting_that_makes_no_sense_stops_the_start(environ, why):
    with pytest.raises(ImproperlyConfigured, match=why):
        db_pool_options(environ)


def databases_with(**env: str) -> dict:
    """settings.DATABASES["default"] of a process started with this environment."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DB_", "DATABASE_URL"))}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from django.conf import settings; "
            "print(json.dumps(settings.DATABASES['default'], default=str))",
        ],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "euchre_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_postgresql_gets_a_pool_and_no_persistent_connections():
    database = databases_with(
        DATABASE_URL="postgres://u@db.example:5432/euchre", DB_POOL_MAX_SIZE="3"
    )
    assert database["CONN_MAX_AGE"] == 0  # Django's pool requires it
    assert database["OPTIONS"]["pool"]["max_size"] == 3
    assert not database.get("DISABLE_SERVER_SIDE_CURSORS")


def test_behind_pgbouncer_django_neither_pools_nor_holds_cursors_open():
    database = databases_with(
        DATABASE_URL="postgres://u@pgbouncer:6432/euchre", DB_PGBOUNCER="true"
    )
    assert "pool" not in database["OPTIONS"]
    assert database["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert database["CONN_MAX_AGE"] == 0


def test_sqlite_without_database_url_has_no_pool():
    database = databases_with()
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert "pool" not in database["OPTIONS"]


def test_the_tests_themselves_run_on_the_pool():
    assert settings.DATABASES["default"]["OPTIONS"]["pool"]["max_size"] >= 1
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] == 0
