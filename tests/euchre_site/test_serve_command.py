"""`python3 run.py serve` starts daphne, a Celery worker and beat, and Ctrl-C stops them all."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.live_server import free_port, url_of_test_database

pytestmark = pytest.mark.services
ROOT = Path(__file__).resolve().parents[2]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.django_db(transaction=True)
def test_serve_starts_the_whole_site_and_ctrl_c_stops_every_child(tmp_path, redis_client):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url_of_test_database(),
        "EUCHRE_VAR_DIR": str(tmp_path),
        "PYTHONUNBUFFERED": "1",
    }
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        serve = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "euchre_site.devtools",
                "serve",
                "--port",
                str(port),
                "--workers",
                "1",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline, health = time.monotonic() + 90, {}
        while time.monotonic() < deadline and serve.poll() is None:
            try:
                status, body = get(f"http://127.0.0.1:{port}/health/")
            except OSError:
                status = 0
            if status == 200:
                health = json.loads(body)
                break
            time.sleep(1)
        output = log_path.read_text()
        assert health.get("ok") is True, f"site did not become healthy:\n{output[-3000:]}"
        assert health["checks"]["database"]["detail"] == "postgresql"
        assert health["checks"]["workers"]["ok"] is True

        status, home = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "/accounts/signup/" in home
        status, css = get(f"http://127.0.0.1:{port}/static/css/site.css")
        assert status == 200 and "--felt" in css

        assert re.search(r"staff: +staff@example.com +password \S+", output)
        children = {
            name: int(pid) for name, pid in re.findall(r"started (.+?) \(pid (\d+)\)", output)
        }
        assert set(children) == {"web (daphne)", "worker (celery)", "scheduler (celery beat)"}
        assert all(pid_alive(pid) for pid in children.values())
    finally:
        serve.send_signal(signal.SIGINT)
        serve.wait(timeout=60)
    assert serve.returncode == 0, log_path.read_text()[-3000:]
    assert not [name for name, pid in children.items() if pid_alive(pid)]
