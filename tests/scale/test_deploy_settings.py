"""Production settings (DJANGO_ENV=production) pass `manage.py check --deploy` with no warning,
and refuse to start without a SECRET_KEY."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # the test process's own settings are not production's (the browser tests' fixture sets
    # DJANGO_ALLOW_ASYNC_UNSAFE for Playwright, which check --deploy rightly refuses)
    ours = ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in ours}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "euchre_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def in_production(*args: str) -> subprocess.CompletedProcess[str]:
    return manage(
        *args,
        DJANGO_ENV="production",
        SECRET_KEY=secrets.token_urlsafe(64),
        ALLOWED_HOSTS="euchre.example.com",
    )


def test_check_deploy_passes_with_production_settings():
    done = in_production("check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_production_refuses_to_start_without_a_secret_key():
    done = manage("check", DJANGO_ENV="production", SECRET_KEY="")
    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


def test_the_site_hashes_passwords_with_pbkdf2_whatever_the_tests_use():
    # the test run's own settings (tests/settings.py) use a fast hasher; the site must not
    done = in_production(
        "shell",
        "--verbosity",
        "0",
        "-c",
        "from django.contrib.auth.hashers import get_hasher; print(get_hasher().algorithm)",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["pbkdf2_sha256"]


def test_the_tests_run_on_the_fast_hasher():
    from django.contrib.auth.hashers import get_hasher

    assert get_hasher().algorithm == "md5"
