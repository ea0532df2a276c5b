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


class SharedSite:
    """daphne and a Celery worker on the test database, kept for the next test that asks for
    a live site with the same environment (timings, e-mail folder): starting the two processes
    (Django loaded twice) is seconds of CPU, for each of some forty browser tests. The database
    is emptied between tests by DELETE (tests/conftest.py), which the processes' connections
    do not block; a task of the test before that meets its game gone does nothing."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.key = site_key(env)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.logs = {name: folder / f"{name}.log" for name in ("daphne", "worker")}
        bin_dir = Path(sys.executable).parent
        asgi = "euchre_site.asgi:application"
        self.processes: list[subprocess.Popen[bytes]] = []
        try:
            self.processes.append(
                start_process(
                    [bin_dir / "daphne", "-b", "127.0.0.1", "-p", str(self.port), asgi],
                    log=self.logs["daphne"],
                    cwd=ROOT,
                    env=env,
                )
            )
            worker = [bin_dir / "celery", "-A", "euchre_site", "worker", "-P", "solo"]
            self.processes.append(
                start_process(
                    [*worker, "-l", "WARNING"], log=self.logs["worker"], cwd=ROOT, env=env
                )
            )
            wait_for_port(self.port, self.processes[0])
        except BaseException:
            self.stop()
            raise

    def alive(self) -> bool:
        return all(process.poll() is None for process in self.processes)

    def log_sizes(self) -> dict[str, int]:
        return {
            name: path.stat().st_size if path.exists() else 0 for name, path in self.logs.items()
        }

    def print_logs_since(self, sizes: dict[str, int]) -> None:
        for name, path in self.logs.items():
            if path.exists():
                with path.open("rb") as log:
                    log.seek(sizes.get(name, 0))
                    text = log.read().decode(errors="replace")
                print(f"---- {name} log ----\n" + text[-3000:])

    def stop(self) -> None:
        stop_processes(self.processes, grace=15)
        wait_until_test_processes_left_the_database()


# what the test run itself changes in the environment between tests: not the site's business
_NOT_THE_SITES = ("PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE")


def site_key(env: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((name, value) for name, value in env.items() if name not in _NOT_THE_SITES))


_shared: dict[str, SharedSite] = {}


def stop_the_shared_site() -> None:
    site = _shared.pop("site", None)
    if site is not None:
        site.stop()


@pytest.fixture
def live_site(transactional_db, redis_client, tmp_path_factory, settings, request) -> Iterator[str]:
    """The base URL of daphne serving the real ASGI app, with a worker for computer turns. A
    test's `live_site_timing` mark sets other timings (seconds, as the settings read them)."""
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
    site = _shared.get("site")
    if site is not None and (site.key != site_key(env) or not site.alive()):
        stop_the_shared_site()
        site = None
    if site is None:
        site = _shared["site"] = SharedSite(env, tmp_path_factory.mktemp("live-site"))
    sizes = site.log_sizes()
    try:
        yield site.url
    finally:
        site.print_logs_since(sizes)
        if not site.alive():
            stop_the_shared_site()


_chromium: dict[str, object] = {}


def close_the_shared_browser() -> None:
    browser = _chromium.pop("browser", None)
    playwright = _chromium.pop("playwright", None)
    # the connection of the queries made beside Playwright's loop belongs to that loop's
    # context: closed while it runs, or it keeps the test database from being dropped
    connections.close_all()
    if browser is not None:
        browser.close()
    if playwright is not None:
        playwright.stop()


@pytest.fixture
def browser():
    """Debian's chromium, kept for the next browser test (each test opens contexts of its own,
    closed after it): a launch is a second or two of CPU."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("Debian's chromium is not installed (python3 run.py test installs it)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; the test's own database reads
    # are plain sync calls between its steps (Django's documented setting for this case)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    if "browser" not in _chromium or not _chromium["browser"].is_connected():
        close_the_shared_browser()
        _chromium["playwright"] = sync_playwright().start()
        _chromium["browser"] = _chromium["playwright"].chromium.launch(
            executable_path=executable, headless=True
        )
    browser = _chromium["browser"]
    try:
        yield browser
    finally:
        for context in list(browser.contexts):
            context.close()
        # the test's queries ran beside Playwright's event loop, on a connection of their
        # own; left open, it keeps the test database from being dropped
        connections.close_all()


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """The shared site and browser stop when the next test of this process does not use them
    (the last test, or another kind: a browser's event loop or a site's processes must not
    outlive the browser tests), before this test's fixtures are torn down and the database
    emptied."""
    needs = set(getattr(nextitem, "fixturenames", ())) if nextitem is not None else set()
    if "live_site" not in needs:
        stop_the_shared_site()
    if "browser" not in needs:
        close_the_shared_browser()
