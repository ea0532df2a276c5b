"""`python3 run.py test` runs the whole suite on pytest-xdist's workers, and a run of named
files or tests in one process (euchre_site/devtools/test.py: parallel_args)."""

from __future__ import annotations

import pytest

from euchre_site.devtools.test import parallel_args

WHOLE = ["-n", "2", "--dist", "worksteal"]


@pytest.mark.parametrize(
    "args",
    [[], ["-q"], ["-m", "not browser", "--ignore=tests/games/engine"], ["-k", "chat and not soak"]],
)
def test_the_whole_suite_or_a_selection_of_it_runs_on_two_workers(args, monkeypatch):
    monkeypatch.delenv("EUCHRE_TEST_WORKERS", raising=False)
    assert parallel_args(args) == WHOLE


@pytest.mark.parametrize(
    "args",
    [
        ["tests/economy"],
        ["-q", "tests/games/live/test_lock_order.py"],
        ["tests/economy/test_spend.py::test_a_spend_is_refused"],
        ["-n", "0"],
        ["-n4"],
        ["--numprocesses=3"],
        ["-p", "no:xdist"],
    ],
)
def test_named_tests_or_a_chosen_number_of_workers_are_left_alone(args, monkeypatch):
    monkeypatch.delenv("EUCHRE_TEST_WORKERS", raising=False)
    assert parallel_args(args) == []


def test_the_number_of_workers_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("EUCHRE_TEST_WORKERS", "3")
    assert parallel_args([]) == ["-n", "3", "--dist", "worksteal"]
    monkeypatch.setenv("EUCHRE_TEST_WORKERS", "1")
    assert parallel_args([]) == []
