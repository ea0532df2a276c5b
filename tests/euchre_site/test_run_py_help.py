"""`python3 run.py --help` and a mistyped command are answered before `.venv` is built: a
newcomer asking what the commands are does not wait a minute for pip."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_py(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "EUCHRE_VENV": str(tmp_path / "no-venv-yet")}
    return subprocess.run(
        [sys.executable, str(ROOT / "run.py"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,  # a guard against a hang: the answer takes a fraction of a second
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--help"], "{setup,serve,test}"),
        (["serve", "--help"], "--port PORT"),
        (["test", "--help"], "passed to pytest"),
    ],
)
def test_help_is_answered_without_building_the_environment(tmp_path, args, expected):
    answered = run_py(tmp_path, *args)
    assert answered.returncode == 0, answered.stderr
    assert expected in answered.stdout
    assert not (tmp_path / "no-venv-yet").exists()


def test_a_mistyped_command_is_refused_without_building_the_environment(tmp_path):
    answered = run_py(tmp_path, "sevre")
    assert answered.returncode == 2
    assert "invalid choice: 'sevre'" in answered.stderr
    assert not (tmp_path / "no-venv-yet").exists()
