"""Helpers for tests that run the site in other processes (daphne, Celery, serve, a Redis)
against the test database that pytest-django made.

Such a process is started with `start_process` and stopped with `stop_process` in a `finally` or
a fixture's teardown, whatever the test did: its whole session is sent SIGTERM, then SIGKILL
after a grace, and it is waited for. An atexit guard stops what a broken teardown left. Then
`wait_until_test_processes_left_the_database`: pytest-django flushes the database next, and a
process still on it (or a backend of one just stopped) would deadlock the flush or be counted by
the next test as a connection left open.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.db import connection

# the PostgreSQL application_name of every connection of a process a test started
TEST_PROCESS_APPLICATION = "euchre-test-process"
STOP_GRACE_SECONDS = 20.0

_running: set[subprocess.Popen[bytes]] = set()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def url_of_test_database(application_name: str = TEST_PROCESS_APPLICATION) -> str:
    """The URL of the database this test runs in (pytest-django's test database), naming its
    connections `application_name` (which starts with TEST_PROCESS_APPLICATION, so that the
    teardown waits for them too)."""
    assert application_name.startswith(TEST_PROCESS_APPLICATION), application_name
    db = connection.settings_dict
    user = quote(db["USER"] or "")
    query = f"application_name={application_name}"
    socket_dir = (db.get("OPTIONS") or {}).get("host")
    if socket_dir:  # the embedded server listens on a Unix socket
        return f"postgresql://{user}@/{db['NAME']}?host={quote(socket_dir)}&{query}"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgresql://{user}@{db['HOST'] or 'localhost'}{port}/{db['NAME']}?{query}"


def start_process(
    command: Sequence[str | Path], *, log: Path | None = None, **popen: Any
) -> subprocess.Popen[bytes]:
    """Starts `command` as the leader of a session of its own (so that stopping it reaches every
    process it forks, and a Ctrl-C of the test run does not), its output appended to `log`."""
    if log is not None:
        with log.open("ab") as out:
            process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **popen
            )
    else:
        process = subprocess.Popen(command, start_new_session=True, **popen)
    _running.difference_update([p for p in _running if p.returncode is not None])
    _running.add(process)
    return process


def signal_session(process: subprocess.Popen[bytes], sig: int) -> None:
    """Sends `sig` to the process's whole group, unless it has been waited for (its id may then
    be another's)."""
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)


def stop_processes(
    processes: Sequence[subprocess.Popen[bytes]], grace: float = STOP_GRACE_SECONDS
) -> None:
    """SIGTERM to each process's group (and SIGCONT: a frozen process cannot act on it), SIGKILL
    to those still there after `grace` seconds; returns once every one is waited for."""
    try:
        for process in processes:
            if process.poll() is None:
                signal_session(process, signal.SIGTERM)
                signal_session(process, signal.SIGCONT)
        give_up = time.monotonic() + grace
        for process in processes:
            try:
                process.wait(timeout=max(give_up - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                signal_session(process, signal.SIGKILL)
                process.wait()
    finally:
        _running.difference_update(p for p in processes if p.returncode is not None)


def stop_process(process: subprocess.Popen[bytes], grace: float = STOP_GRACE_SECONDS) -> None:
    stop_processes([process], grace)


def pid_alive(pid: int) -> bool:
    """True while `pid` runs (a zombie, dead but not yet waited for, does not count)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    return True


def stop_session_of(pid: int, grace: float = STOP_GRACE_SECONDS) -> None:
    """Stops the session led by `pid`, a process this one did not start (so cannot wait for):
    SIGTERM, SIGKILL after `grace` seconds, and back once it is gone."""
    for sig, limit in ((signal.SIGTERM, grace), (signal.SIGKILL, grace)):
        if not pid_alive(pid):
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, sig)
        give_up = time.monotonic() + limit
        while pid_alive(pid) and time.monotonic() < give_up:
            time.sleep(0.1)
    if pid_alive(pid):
        raise AssertionError(f"process {pid} survived SIGKILL")


def connections_of_test_processes() -> list[tuple[int, str]]:
    """(backend pid, state) of every connection of a test's processes to the test database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, state FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name LIKE %s",
            [TEST_PROCESS_APPLICATION + "%"],
        )
        return list(cursor.fetchall())


def wait_until_test_processes_left_the_database(timeout: float = 30.0) -> None:
    """Back once no process a test started holds a connection to the test database: PostgreSQL
    ends a backend whose client died on its own, a moment later."""
    give_up = time.monotonic() + timeout
    while left := connections_of_test_processes():
        if time.monotonic() > give_up:
            raise AssertionError(f"connections of stopped processes are still open: {left}")
        time.sleep(0.1)


@atexit.register
def _stop_what_is_left() -> None:
    stop_processes(list(_running), grace=5.0)
