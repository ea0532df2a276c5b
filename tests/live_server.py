"""Helpers for tests that run the site in other processes (daphne, Celery) against the test
database that pytest-django made."""

from __future__ import annotations

import socket
from urllib.parse import quote

from django.db import connection


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def url_of_test_database() -> str:
    """The URL of the database this test runs in (pytest-django's test database)."""
    db = connection.settings_dict
    user = quote(db["USER"] or "")
    socket_dir = (db.get("OPTIONS") or {}).get("host")
    if socket_dir:  # the embedded server listens on a Unix socket
        return f"postgresql://{user}@/{db['NAME']}?host={quote(socket_dir)}"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgresql://{user}@{db['HOST'] or 'localhost'}{port}/{db['NAME']}"
