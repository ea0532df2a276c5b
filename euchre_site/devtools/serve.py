"""`python3 run.py serve`: migrate, load demo data, start daphne, a Celery worker and beat.

With REDIS_URL unset an embedded Valkey server is started; with DATABASE_URL unset the site uses
a SQLite file. DEBUG is off unless set (Django's debug pages list every URL of the site, the
staff admin's among them), with a secret key kept in the var directory; the first line says
which mode runs. Ctrl-C, SIGTERM or SIGHUP stops every child process; if any child dies, all are
stopped.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .services import RunningService, start_embedded_redis

ROOT = Path(__file__).resolve().parents[2]
VAR_DIR = Path(os.environ.get("EUCHRE_VAR_DIR", ROOT / "var"))
STOP_GRACE_SECONDS = 10
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
# the Procfile's --websocket-max-message-size: daphne drops a larger frame before reading it all
# (the table consumer's own limit, games.live.consumers.MAX_MESSAGE_CHARS, is far smaller)
WEBSOCKET_MAX_MESSAGE_BYTES = 65536


class StopRequested(BaseException):
    """Raised in the main thread by the first stop signal (like KeyboardInterrupt for Ctrl-C)."""


class StopSignals:
    """serve's own handlers for Ctrl-C, SIGTERM and SIGHUP, installed whatever it inherited: a
    shell starts a background job (`python3 run.py serve &`) with SIGINT ignored, and Python then
    leaves it ignored. The first signal stops serve; later ones only say it is stopping, so that
    they cannot cut the stopping of the children short."""

    def __init__(self) -> None:
        self.received: str | None = None

    def install(self) -> None:
        for signum in STOP_SIGNALS:
            signal.signal(signum, self.on_signal)

    def on_signal(self, signum: int, frame: object) -> None:
        name = signal.Signals(signum).name
        if self.received is not None:
            # not print(): the main thread may be inside a print to the same stream
            os.write(sys.stdout.fileno(), f"[run.py] {name}: already stopping\n".encode())
            return
        self.received = name
        raise StopRequested(name)

    def stopping(self) -> None:
        """From here on a signal must not interrupt: the children are being stopped."""
        self.received = self.received or "stopping"


def stopped_with_serve() -> Callable[[], None] | None:
    """A preexec_fn for the children on Linux: each is sent SIGTERM if serve itself dies without
    stopping them (kill -9), rather than living on without it. Elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_pdeathsig = 1

    def in_child() -> None:
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)

    return in_child


# env_bool's words (euchre_site.settings), read here without loading Django
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
DEBUG_OFF_LINE = "Debug mode: off (set DEBUG=true to turn it on)"
DEBUG_ON_LINE = "Debug mode: ON — pages show internals; unset DEBUG to turn it off"


def debug_mode_set(env: dict[str, str], var_dir: Path) -> str:
    """Settles DEBUG in `env` for the site's processes, off unless it says otherwise, and
    returns the line that says which. Off, Django wants a SECRET_KEY: one is made once and kept
    in `var_dir` (outside production, where it must be given); and since serve speaks plain
    HTTP, cookies are not marked Secure unless SECURE_COOKIES says so. ValueError when DEBUG
    is neither true nor false."""
    value = env.get("DEBUG", "").strip().lower()
    if value in TRUE_WORDS:
        return DEBUG_ON_LINE
    if value and value not in FALSE_WORDS:
        raise ValueError(f"DEBUG must be true or false, not {env['DEBUG']!r}")
    env["DEBUG"] = "false"
    env.setdefault("SECURE_COOKIES", "false")
    production = env.get("DJANGO_ENV", "").strip().lower() == "production"
    if not env.get("SECRET_KEY") and not production:
        env["SECRET_KEY"] = local_secret_key(var_dir / "secret_key")
    return DEBUG_OFF_LINE


def local_secret_key(path: Path) -> str:
    """This machine's own key, made on first use and readable by its owner only."""
    if not path.exists():
        with contextlib.suppress(FileExistsError):  # made meanwhile by another serve
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as key_file:
                key_file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def say(message: str) -> None:
    print(f"[run.py] {message}", flush=True)


def port_is_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def child_commands(host: str, port: int, workers: int) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "web (daphne)": [
            python,
            "-m",
            "daphne",
            "-b",
            host,
            "-p",
            str(port),
            "--websocket-max-message-size",
            str(WEBSOCKET_MAX_MESSAGE_BYTES),
            "euchre_site.asgi:application",
        ],
        "worker (celery)": [
            python,
            "-m",
            "celery",
            "-A",
            "euchre_site",
            # warnings and errors only: at INFO the worker and beat print a line for every
            # timer tick (one a second), burying the accounts and the e-mails' links
            "--quiet",
            "worker",
            "--loglevel",
            "WARNING",
            "--concurrency",
            str(workers),
        ],
        "scheduler (celery beat)": [
            python,
            "-m",
            "celery",
            "-A",
            "euchre_site",
            "--quiet",
            "beat",
            "--loglevel",
            "WARNING",
        ],
    }


def stop_children(children: dict[str, subprocess.Popen[bytes]]) -> None:
    for process in children.values():
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for name, process in children.items():
        try:
            process.wait(timeout=max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            say(f"{name} did not stop in {STOP_GRACE_SECONDS}s: killing it")
            # each child leads a session of its own: the kill reaches its pool processes too
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def serve(*, host: str, port: int, workers: int) -> int:
    if not port_is_free(host, port):
        say(f"port {port} on {host} is taken: stop what uses it or pass --port")
        return 2
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    try:
        say(debug_mode_set(env, VAR_DIR))
    except ValueError as error:
        say(str(error))
        return 2
    services: list[RunningService] = []
    children: dict[str, subprocess.Popen[bytes]] = {}

    stop_signals = StopSignals()
    stop_signals.install()
    try:
        if not env.get("REDIS_URL"):
            redis = start_embedded_redis(VAR_DIR / "valkey")
            services.append(redis)
            env["REDIS_URL"] = redis.url
            say(f"started {redis.description}")
        else:
            say(f"using Redis at {env['REDIS_URL']}")
        say(
            f"database: {env.get('DATABASE_URL') or VAR_DIR / 'euchre.sqlite3'} (SQLite)"
            if not env.get("DATABASE_URL")
            else "database: DATABASE_URL"
        )
        # migrate, collectstatic and the demo data (euchre_site/devtools/prepare.py)
        subprocess.run(
            [sys.executable, "-m", "euchre_site.devtools.prepare"], check=True, cwd=ROOT, env=env
        )
        in_child = stopped_with_serve()
        for name, command in child_commands(host, port, workers).items():
            # A session of its own, so Ctrl-C reaches only us and we stop the children in order.
            children[name] = subprocess.Popen(
                command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=in_child
            )
            say(f"started {name} (pid {children[name].pid})")
        # the same rule as settings.ADMIN_PATH, without loading Django in this process
        admin_path = "/" + env.get("ADMIN_PATH", "staff/").strip("/") + "/"
        say(f"the site is up at http://{host}:{port}/  (health: /health/, admin: {admin_path})")
        say("press Ctrl-C to stop everything")
        while True:
            for name, process in children.items():
                if process.poll() is not None:
                    say(f"{name} exited with code {process.returncode}: stopping the others")
                    return 1
            time.sleep(0.5)
    except StopRequested as stop:
        say(f"{stop}: stopping ...")
        return 0
    except subprocess.CalledProcessError as error:
        say(f"setup step failed: {' '.join(map(str, error.cmd))}")
        return 1
    finally:
        stop_signals.stopping()
        stop_children(children)
        for service in services:
            service.stop()
        say("stopped")
