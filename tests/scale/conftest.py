"""Fault tests with real processes: daphne, Celery workers, beat and (for one test) a Redis of
their own, all on pytest-django's test database; browsers are
`games.lab.load_client.TableClient`s on an event loop in a thread of their own, so that the test
body stays synchronous (database checks, killing processes) while the sockets play.

Everything waits by polling for a condition with a generous limit: the machine may be busy.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from accounts.models import User
from euchre_site.celery import app as celery_app
from games.engine import RuleOptions
from games.lab.load_client import TableClient
from games.models import Action, Game
from games.selectors import engine_game
from games.tables.services.tables import seat_take, table_create, table_start
from tests.games.live.sockets import session_cookie
from tests.live_server import (
    free_port,
    signal_session,
    start_process,
    stop_processes,
    url_of_test_database,
    wait_until_test_processes_left_the_database,
)

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DAPHNE_MAX_MESSAGE_BYTES = 65536  # as in the Procfile
WAIT = 90.0  # seconds: generous, the machine may be running other suites


def wait_for(condition: Callable[[], Any], timeout: float = WAIT, what: str = "") -> Any:
    give_up = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > give_up:
            raise AssertionError(f"not true after {timeout:.0f} s: {what or condition}")
        time.sleep(0.1)


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


class Cluster:
    """The site's processes for one test, started and stopped by name."""

    def __init__(self, logs: Path, env: dict[str, str]) -> None:
        self.logs = logs
        self.env = env
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.commands: dict[str, list[str]] = {}
        self.ports: dict[str, int] = {}

    def _start(self, name: str, command: list[str]) -> subprocess.Popen[bytes]:
        process = start_process(command, log=self.logs / f"{name}.log", cwd=ROOT, env=self.env)
        self.processes[name] = process
        self.commands[name] = command
        return process

    def daphne(self, name: str, options: list[str] | None = None) -> str:
        """`options`: daphne's besides address and port (default: the message size limit)."""
        port = self.ports.get(name) or free_port()
        self.ports[name] = port
        command = [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port)]
        if options is None:
            options = ["--websocket-max-message-size", str(DAPHNE_MAX_MESSAGE_BYTES)]
        command += options
        process = self._start(name, [*command, "euchre_site.asgi:application"])

        def listening() -> bool:
            if process.poll() is not None:
                raise AssertionError(f"{name} exited with {process.returncode}: {self.log(name)}")
            return port_open(port)

        wait_for(listening, what=f"{name} listens on {port}")
        return f"ws://127.0.0.1:{port}"

    def worker(self, name: str) -> None:
        self._start(
            name,
            [
                *(str(BIN / "celery"), "-A", "euchre_site", "worker", "-P", "solo"),
                *("-n", f"{name}@%h", "-l", "INFO", "--without-mingle", "--without-gossip"),
            ],
        )
        wait_for(lambda: "ready" in self.log(name), what=f"{name} is ready")

    def restart_exited(self) -> list[str]:
        """What a supervisor does (scripts/cluster.py, a Procfile platform): start again each
        process that exited. Returns their names."""
        exited = [name for name, process in self.processes.items() if process.poll() is not None]
        for name in exited:
            self._start(name, self.commands[name])
        return exited

    def beat(self, name: str = "beat") -> None:
        self._start(name, [str(BIN / "celery"), "-A", "euchre_site", "beat", "-l", "INFO"])

    def freeze(self, name: str) -> None:
        """SIGSTOP: the process does nothing more until it is killed (or continued), so that a
        test can look at the games at a known point, with nothing moving them."""
        signal_session(self.processes[name], signal.SIGSTOP)

    def thaw(self, name: str) -> None:
        """SIGCONT: a frozen process goes on."""
        signal_session(self.processes[name], signal.SIGCONT)

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        process = self.processes[name]
        signal_session(process, sig)
        process.wait(timeout=30)

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop_all(self) -> None:
        stop_processes(list(self.processes.values()))


def cluster_env(redis_url: str | None = None) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url_of_test_database(),
        "REDIS_URL": redis_url or settings.REDIS_URL,
        "DEBUG": "true",
        "GAME_TURN_SECONDS": "120",
        "GAME_TURN_FLOOR_SECONDS": "0.5",
        "GAME_COMPUTER_PAUSE_SECONDS": "0.05",
        "GAME_SWEEP_GRACE_SECONDS": "1",
        "GAME_SWEEP_EVERY_SECONDS": "1",
        "PYTHONUNBUFFERED": "1",
    }


def keep_logs(processes: Cluster, test_name: str) -> None:
    """Copies the processes' logs to var/test-artifacts/scale/TEST/ and prints their tails."""
    kept = ROOT / "var" / "test-artifacts" / "scale" / test_name
    kept.mkdir(parents=True, exist_ok=True)
    for name in processes.processes:
        text = processes.log(name)
        (kept / f"{name}.log").write_text(text)
        print(f"---- {name} log (tail; whole in {kept}) ----\n{text[-2500:]}")


@pytest.fixture
def cluster(transactional_db, redis_client, tmp_path, request) -> Iterator[Cluster]:
    processes = Cluster(tmp_path, cluster_env())
    try:
        yield processes
    finally:
        processes.stop_all()
        keep_logs(processes, request.node.name)
        wait_until_test_processes_left_the_database()
        # tasks still queued (moves of this test's games) would be run by a later test's worker
        celery_app.control.purge()


class Browsers:
    """Table clients on an event loop in a thread of their own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.clients: list[TableClient] = []
        self.runs: list[Any] = []

    def call(self, coroutine: Any, timeout: float = WAIT) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def open(self, **kwargs: Any) -> TableClient:
        async def make() -> TableClient:
            return TableClient(**kwargs)

        client = self.call(make())
        self.clients.append(client)
        self.runs.append(asyncio.run_coroutine_threadsafe(client.run(), self.loop))
        return client

    def send(self, client: TableClient, message: Any) -> bool:
        return self.call(client.send(message))

    def close(self) -> None:
        for client in self.clients:
            with contextlib.suppress(Exception):
                self.call(client.stop(), timeout=15)
        for run in self.runs:
            with contextlib.suppress(Exception):
                run.result(timeout=15)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


@pytest.fixture
def browsers() -> Iterator[Browsers]:
    running = Browsers()
    try:
        yield running
    finally:
        running.close()


_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make() -> User:
        number = next(_numbers)
        return User.objects.create_user(
            f"scale{number}@example.com", None, display_name=f"Scale{number}"
        )

    return make


@pytest.fixture
def table(make_player):
    """A started private table with `humans` people (seats 0..) and computers in the rest:
    returns (game, [(user, cookie)] by seat)."""

    def make(humans: int = 4, target_score: int = 10) -> tuple[Game, list[tuple[User, str]]]:
        people = [make_player() for _ in range(humans)]
        game = table_create(
            creator_id=people[0].pk,
            kind=Game.Kind.PRIVATE,
            rules=RuleOptions(target_score=target_score),
        )
        for person in people[1:]:
            seat_take(game_id=game.pk, user_id=person.pk)
        table_start(game_id=game.pk, user_id=people[0].pk)
        game.refresh_from_db()
        return game, [(person, session_cookie(person)) for person in people]

    return make


def version_of(game: Game) -> int:
    return Game.objects.values_list("version", flat=True).get(pk=game.pk)


def status_of(game: Game) -> str:
    return Game.objects.values_list("status", flat=True).get(pk=game.pk)


def assert_log_continuous(game: Game) -> None:
    """The action log is 0..version-1 with no gap or repeat, and replays as legal play."""
    game.refresh_from_db()
    sequences = list(
        Action.objects.filter(game=game).order_by("sequence").values_list("sequence", flat=True)
    )
    assert sequences == list(range(game.version)), "the action log has a gap or a repeat"
    engine_game(game)  # the engine replays every action, and refuses an illegal one
