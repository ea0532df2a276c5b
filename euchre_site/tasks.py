"""Tasks of the project itself (apps keep theirs in their own tasks.py)."""

from __future__ import annotations

import socket

from celery import shared_task

from .health import check_cache, check_database


@shared_task(name="euchre_site.worker_health")
def worker_health() -> dict[str, object]:
    """Run by a worker: proves it reaches the database and Redis. Read-only, so safe twice."""
    database_ok, database = check_database()
    cache_ok, _ = check_cache()
    return {
        "host": socket.gethostname(),
        "database": database if database_ok else None,
        "cache": cache_ok,
    }
