"""The size of each process's pool of PostgreSQL connections (docs/operating.md: "Running several
processes"). Read by the settings, so it imports nothing of Django's but its exception.

A connection is taken from the pool when a thread first queries and given back when Django
closes it: at the end of every HTTP request, after every table socket's service call
(`games.live.consumer_threads.on_any_thread`) and around every Celery task and computers' run. A
thread that finds the pool empty waits up to DB_POOL_TIMEOUT seconds; then the request is
answered 503 "busy", the socket an error message (`euchre_site.busy`), never a server error.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ImproperlyConfigured

# HTTP requests in flight beside the sockets' calls: daphne gives each its own thread
HTTP_HEADROOM = 4


def asgi_threads(environ: Mapping[str, str]) -> int:
    """The threads of a daphne's default executor, where the table sockets' service calls run,
    each holding a connection while it runs: ASGI_THREADS when set (daphne reads it), else
    asyncio's default, min(32, CPUs + 4)."""
    if environ.get("ASGI_THREADS"):
        return _positive_int(environ, "ASGI_THREADS", "1")
    cpus = getattr(os, "process_cpu_count", os.cpu_count)() or 1
    return min(32, cpus + 4)


def db_pool_options(environ: Mapping[str, str]) -> dict[str, Any]:
    """psycopg_pool.ConnectionPool's options for Django's OPTIONS["pool"].

    DB_POOL_MAX_SIZE is the most connections one process opens; by default as many as a daphne
    can use at once (asgi_threads + HTTP_HEADROOM). Beat uses one at a time and a Celery
    worker process two (its task's and its computers' runner's, `games.live.computer_runner`), so
    their pools stay at DB_POOL_MIN_SIZE (default 1, kept open so that a request, task or run
    does not wait for PostgreSQL to start a backend) or one more."""
    default_max = asgi_threads(environ) + HTTP_HEADROOM
    min_size = _positive_int(environ, "DB_POOL_MIN_SIZE", "1")
    max_size = _positive_int(environ, "DB_POOL_MAX_SIZE", str(default_max))
    if min_size > max_size:
        raise ImproperlyConfigured(
            f"DB_POOL_MIN_SIZE ({min_size}) must not exceed DB_POOL_MAX_SIZE ({max_size})"
        )
    timeout = _positive_float(environ, "DB_POOL_TIMEOUT", "5")
    return {"min_size": min_size, "max_size": max_size, "timeout": timeout, "name": "euchre"}


def _positive_int(environ: Mapping[str, str], name: str, default: str) -> int:
    raw = environ.get(name) or default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least 1, not {raw!r}")
    return value


def _positive_float(environ: Mapping[str, str], name: str, default: str) -> float:
    raw = environ.get(name) or default
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not (value > 0 and math.isfinite(value)):
        raise ImproperlyConfigured(f"{name} must be a number of seconds above 0, not {raw!r}")
    return value
