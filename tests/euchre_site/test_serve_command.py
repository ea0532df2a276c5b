"""`python3 run.py serve` starts daphne, a Celery worker and beat, and Ctrl-C stops them all:
also when serve was started as a shell's background job (SIGINT ignored), and on SIGTERM or
SIGHUP; and if serve itself is killed, its children stop too."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from accounts.models import User
from euchre_site.devtools.serve import DEBUG_OFF_LINE, DEBUG_ON_LINE, WEBSOCKET_MAX_MESSAGE_BYTES
from games.engine import RuleOptions
from games.models import Game
from games.tables.services.tables import table_create
from tests.games.live.sockets import session_cookie
from tests.live_server import (
    free_port,
    pid_alive,
    start_process,
    stop_process,
    stop_session_of,
    url_of_test_database,
    wait_until_test_processes_left_the_database,
)

pytestmark = pytest.mark.services
ROOT = Path(__file__).resolve().parents[2]
STOP_SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
CHILDREN = {"web (daphne)", "worker (celery)", "scheduler (celery beat)"}
# What a POSIX shell does to a background job (`python3 run.py test &` in a script): SIGINT
# ignored, which the exec'd program inherits.
AS_A_BACKGROUND_JOB = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "os.execv(sys.argv[1], sys.argv[1:])",
]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


class Serve:
    """A `run.py serve` process on the test database and this run's Redis."""

    def __init__(self, tmp_path: Path, *, as_background_job: bool, debug: str | None) -> None:
        self.port = free_port()
        self.log_path = tmp_path / "serve.log"
        env = {
            **os.environ,
            "DATABASE_URL": url_of_test_database(),
            "EUCHRE_VAR_DIR": str(tmp_path),
            "PYTHONUNBUFFERED": "1",
        }
        # the test command sets DEBUG for the tests; serve is tested with its own default. The
        # key is this process's, so that the sessions a test makes are the site's too.
        for name in ("DEBUG", "SECURE_COOKIES"):
            env.pop(name, None)
        env["SECRET_KEY"] = settings.SECRET_KEY
        if debug is not None:
            env["DEBUG"] = debug
        command = [sys.executable, "-m", "euchre_site.devtools", "serve"]
        command += ["--port", str(self.port), "--workers", "1"]
        if as_background_job:
            command = [*AS_A_BACKGROUND_JOB, *command]
        self.process = start_process(command, log=self.log_path, cwd=ROOT, env=env)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def children(self) -> dict[str, int]:
        found = re.findall(r"started (.+?) \(pid (\d+)\)", self.output())
        return {name: int(pid) for name, pid in found}

    def wait_until_healthy(self) -> dict:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and self.process.poll() is None:
            with contextlib.suppress(OSError):
                status, body = get(f"http://127.0.0.1:{self.port}/health/")
                if status == 200:
                    return json.loads(body)
            time.sleep(0.25)
        raise AssertionError(f"site did not become healthy:\n{self.output()[-3000:]}")

    def stop_whatever_happened(self) -> None:
        """SIGTERM, then SIGKILL; then any child left (each leads a session of its own, which
        a SIGKILLed serve cannot stop), and their database connections."""
        stop_process(self.process, grace=30)
        for pid in self.children().values():
            stop_session_of(pid)
        wait_until_test_processes_left_the_database()


@pytest.fixture
def start_serve(transactional_db, redis_client, tmp_path) -> Iterator:
    started: list[Serve] = []

    def start(*, as_background_job: bool = False, debug: str | None = None) -> Serve:
        started.append(Serve(tmp_path, as_background_job=as_background_job, debug=debug))
        return started[-1]

    try:
        yield start
    finally:
        for serve in started:
            serve.stop_whatever_happened()


def stop_and_check_every_child_stopped(serve: Serve, sig: signal.Signals) -> None:
    children = serve.children()
    assert set(children) == CHILDREN
    assert all(pid_alive(pid) for pid in children.values())
    serve.process.send_signal(sig)
    try:
        serve.process.wait(timeout=60)  # a guard against a hang, not a measure of speed
    except subprocess.TimeoutExpired:
        pytest.fail(f"serve did not act on {sig.name}:\n{serve.output()[-3000:]}")
    assert serve.process.returncode == 0, serve.output()[-3000:]
    assert f"{sig.name}: stopping" in serve.output()
    assert not [name for name, pid in children.items() if pid_alive(pid)]


def a_seated_player_cookie() -> tuple[int, str]:
    """(table id, session cookie) of a player seated at a private table."""
    player = User.objects.create_user("framesize@example.com", None, display_name="Frames")
    game = table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    return game.pk, session_cookie(player)


def procfile_max_message_size() -> int:
    procfile = (ROOT / "Procfile").read_text()
    sizes = {int(size) for size in re.findall(r"--websocket-max-message-size (\d+)", procfile)}
    assert len(sizes) == 1, sizes
    return sizes.pop()


def closed_after_a_huge_frame(port: int, game_id: int, cookie: str, size: int) -> tuple[int, list]:
    """Sends a chat message of `size` characters; returns the close code (1006: dropped without
    a close frame) and the codes of the error frames answered before it."""
    errors = []
    with connect(
        f"ws://127.0.0.1:{port}/ws/tables/{game_id}/",
        origin=f"http://127.0.0.1:{port}",  # the site's own origin: sockets accept no other
        additional_headers={"Cookie": cookie},
        open_timeout=30,
        max_size=None,
        proxy=None,
    ) as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "state"
        ws.send(json.dumps({"type": "chat", "text": "x" * size, "version": 0}))
        try:
            while True:
                frame = json.loads(ws.recv(timeout=30))
                if frame.get("type") == "error":
                    errors.append(frame["code"])
        except ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else 1006), errors


def test_serve_starts_the_whole_site_and_ctrl_c_stops_every_child(start_serve):
    serve = start_serve()
    health = serve.wait_until_healthy()
    output = serve.output()
    assert health.get("ok") is True
    assert health["checks"]["database"]["detail"] == "postgresql"
    assert health["checks"]["workers"]["ok"] is True

    status, home = get(f"http://127.0.0.1:{serve.port}/")
    assert status == 200 and "/accounts/signup/" in home
    status, css = get(f"http://127.0.0.1:{serve.port}/static/css/site.css")
    assert status == 200 and "--felt" in css
    assert re.search(r"staff: +staff@example.com +password \S+", output)
    # a quiet log: no line per migration, nor per timer tick from beat and the worker (once
    # a second each at INFO), which buried the accounts above and the e-mails' links
    assert "Applying " not in output and "database migrated" in output
    assert "Sending due task" not in serve.output() and "] Task " not in serve.output()
    # DEBUG off unless set, said first; an unknown address is the site's page, no URL list
    assert output.splitlines()[0] == f"[run.py] {DEBUG_OFF_LINE}"
    status, missing = get(f"http://127.0.0.1:{serve.port}/no-such-page/")
    assert status == 404 and "<h1>Page not found</h1>" in missing
    assert "Using the URLconf" not in missing and "staff/" not in missing

    # daphne refuses a frame over the Procfile's limit itself, before the site reads it (a
    # frame the site reads is answered "too_big" and closed with 4009)
    assert procfile_max_message_size() == WEBSOCKET_MAX_MESSAGE_BYTES
    game_id, cookie = a_seated_player_cookie()
    code, errors = closed_after_a_huge_frame(
        serve.port, game_id, cookie, 4 * WEBSOCKET_MAX_MESSAGE_BYTES
    )
    assert code in (1006, 1009) and errors == []

    stop_and_check_every_child_stopped(serve, signal.SIGINT)


@pytest.mark.parametrize("sig", STOP_SIGNALS, ids=lambda sig: sig.name)
def test_serve_started_as_a_background_job_stops_every_child_on_a_signal(start_serve, sig):
    serve = start_serve(as_background_job=True)
    serve.wait_until_healthy()
    stop_and_check_every_child_stopped(serve, sig)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_children_of_a_killed_serve_stop_too(start_serve):
    serve = start_serve()
    serve.wait_until_healthy()
    children = serve.children()
    assert set(children) == CHILDREN
    serve.process.kill()  # SIGKILL: serve stops nothing itself
    serve.process.wait()
    give_up = time.monotonic() + 60  # a guard against a hang, not a measure of speed
    while any(pid_alive(pid) for pid in children.values()) and time.monotonic() < give_up:
        time.sleep(0.2)
    assert not [name for name, pid in children.items() if pid_alive(pid)]


def test_serve_with_debug_set_says_so_first(start_serve):
    serve = start_serve(debug="true")
    deadline = time.monotonic() + 60
    while DEBUG_ON_LINE not in serve.output() and time.monotonic() < deadline:
        assert serve.process.poll() is None, serve.output()[-3000:]
        time.sleep(0.2)
    assert serve.output().splitlines()[0] == f"[run.py] {DEBUG_ON_LINE}"
