"""A live site for the browser: daphne and a Celery worker in their own processes, on the test
database and this run's Redis, and Debian's chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connections

from tests.live_server import (
    free_port,
    start_process,
    stop_processes,
    url_of_test_database,
    wait_until_test_processes_left_the_database,
)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "var" / "test-artifacts"


def chromium_path() -> str | None:
    return os.environ.get("EUCHRE_CHROMIUM") or shutil.which("chromium")


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30) -> None:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


@pytest.fixture
def live_site(transactional_db, redis_client, tmp_path, settings, request) -> Iterator[str]:
    """The base URL of daphne serving the real ASGI app, with a worker for computer turns. A
    test's `live_site_timing` mark sets other timings (seconds, as the settings read them)."""
    port = free_port()
    # the pause between hands is short: the tests that read a summary click it away
    timing = {
        "GAME_COMPUTER_PAUSE_SECONDS": "0.05",
        "GAME_TURN_SECONDS": "120",
        "GAME_HAND_PAUSE_SECONDS": "2",
    }
    mark = request.node.get_closest_marker("live_site_timing")
    if mark is not None:
        timing.update({name: str(value) for name, value in mark.kwargs.items()})
    # Tables a test makes in its own process get the same time limits as the site's processes.
    for name, value in timing.items():
        setattr(settings, name, float(value))
    env = {**os.environ, "DATABASE_URL": url_of_test_database(), "DEBUG": "true", **timing}
    bin_dir = Path(sys.executable).parent
    asgi = "euchre_site.asgi:application"
    logs = {name: tmp_path / f"{name}.log" for name in ("daphne", "worker")}
    processes = []
    try:
        processes.append(
            start_process(
                [bin_dir / "daphne", "-b", "127.0.0.1", "-p", str(port), asgi],
                log=logs["daphne"],
                cwd=ROOT,
                env=env,
            )
        )
        processes.append(
            start_process(
                [bin_dir / "celery", "-A", "euchre_site", "worker", "-P", "solo", "-l", "WARNING"],
                log=logs["worker"],
                cwd=ROOT,
                env=env,
            )
        )
        wait_for_port(port, processes[0])
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_processes(processes, grace=15)
        for name, path in logs.items():
            text = path.read_text() if path.exists() else ""
            print(f"---- {name} log ----\n" + text[-3000:])
        wait_until_test_processes_left_the_database()


@pytest.fixture
def browser():
    executable = chromium_path()
    if executable is None:
        pytest.skip("Debian's chromium is not installed (python3 run.py test installs it)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the test's own database reads
    # are plain sync calls between its steps (Django's documented setting for this case)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            yield browser
        finally:
            browser.close()
            # the test's queries ran beside Playwright's event loop, on a connection of their
            # own; left open, it keeps the test database from being dropped
            connections.close_all()
