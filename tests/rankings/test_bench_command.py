"""The month-end bench run as its docs say (`python -m rankings.bench`), at a tiny size: it
imports before Django is set up, works in a scratch database of its own and drops it at the
end, even with the connection pool's connections still open."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg

from rankings.bench_database import database_url_for

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_command_runs_in_a_scratch_database_and_drops_it():
    server_url = os.environ["DATABASE_URL"]
    name = f"euchre_rbench_test_{os.getpid()}"
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    size = ["--players", "40", "--games", "60"]
    where = ["--database-url", server_url, "--bench-database", name]
    done = subprocess.run(
        [sys.executable, "-m", "rankings.bench", *size, *where],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "finished games" in done.stdout and "60" in done.stdout
    second = next(line for line in done.stdout.splitlines() if "second run" in line)
    assert "awards 0, carries 0, achievements 0" in second
    with psycopg.connect(database_url_for(server_url, "postgres"), autocommit=True) as server:
        left = server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    assert left is None
