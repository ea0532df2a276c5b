"""`python3 run.py test` waits for pytest to tear down whatever stops it: on Ctrl-C (SIGINT to
the whole process group, as a terminal sends it) and on SIGTERM or SIGHUP to the command, the
processes the tests started are stopped before the command ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.live_server import pid_alive, signal_session, start_process, stop_process

ROOT = Path(__file__).resolve().parents[2]

# A test that starts a process and stops it in its fixture's teardown, which takes a while (as
# stopping daphne or a worker does).
INNER_TEST = """
import os
import subprocess
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.fixture
def a_process():
    process = subprocess.Popen(["sleep", "300"])
    (HERE / "started").write_text(f"{os.getpid()} {process.pid}")
    try:
        yield process
    finally:
        process.terminate()
        process.wait()
        time.sleep(2)
        (HERE / "torn-down").write_text("yes")


def test_waits(a_process):
    time.sleep(300)
"""

# the test command's pytest step, without its other steps (installing chromium, servers)
RUN_PYTEST = (
    "import os, sys; from euchre_site.devtools.test import run_pytest; "
    "sys.exit(run_pytest(sys.argv[1:], dict(os.environ)))"
)


def wait_for_file(path: Path, runner: subprocess.Popen[bytes]) -> str:
    give_up = time.monotonic() + 90
    while not path.exists():
        assert runner.poll() is None, f"the test command ended early: {runner.returncode}"
        assert time.monotonic() < give_up, f"{path.name} never written"
        time.sleep(0.1)
    return path.read_text()


@pytest.mark.parametrize(
    ("sig", "to_the_group"),
    [(signal.SIGINT, True), (signal.SIGTERM, False), (signal.SIGHUP, False)],
    ids=["ctrl-c", "sigterm", "sighup"],
)
def test_the_test_command_lets_pytest_stop_what_its_tests_started(tmp_path, sig, to_the_group):
    (tmp_path / "test_inner.py").write_text(INNER_TEST)
    pytest_args = ["-q", "-p", "no:cacheprovider", "-p", "no:django"]
    runner = start_process(
        [sys.executable, "-c", RUN_PYTEST, *pytest_args, "--rootdir", str(tmp_path), str(tmp_path)],
        log=tmp_path / "runner.log",
        cwd=ROOT,
    )
    inner_pytest = child = 0
    try:
        inner_pytest, child = map(int, wait_for_file(tmp_path / "started", runner).split())
        if to_the_group:
            signal_session(runner, sig)
        else:
            runner.send_signal(sig)
        try:
            runner.wait(timeout=60)  # a guard against a hang, not a measure of speed
        except subprocess.TimeoutExpired:
            pytest.fail("the test command did not end")
        log = (tmp_path / "runner.log").read_text()
        assert (tmp_path / "torn-down").exists(), f"pytest was not let finish its teardown:\n{log}"
        assert not pid_alive(child)
        assert runner.returncode == pytest.ExitCode.INTERRUPTED, log
    finally:
        stop_process(runner)
        for pid in (inner_pytest, child):  # left running when the command did not wait for them
            if pid and pid_alive(pid):
                os.kill(pid, signal.SIGKILL)
