"""The arena's figures: consistent with each other on a tiny run, and its interval computed
right on a hand-made sample. (The arena is a benchmark: no timing is asserted here.)"""

from __future__ import annotations

import math

import pytest

from games.engine import RuleOptions
from games.lab import arena


def test_the_confidence_interval_on_a_hand_made_sample() -> None:
    values = [1.0, -1.0, 0.5, 0.5]
    # mean 0.25; squared deviations 0.5625 + 1.5625 + 0.0625 + 0.0625 = 2.25; variance 2.25 / 3
    half = 1.96 * math.sqrt(0.75) / 2
    low, high = arena.confidence_interval(values)
    assert arena.mean(values) == 0.25
    assert low == pytest.approx(0.25 - half)
    assert high == pytest.approx(0.25 + half)
    assert arena.confidence_interval([0.5]) == (0.5, 0.5)


def test_quantiles_by_nearest_rank() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert arena.quantile(values, 0.5) == 3.0
    assert arena.quantile(values, 0.95) == 5.0
    assert arena.quantile(values, 0.2) == 1.0
    assert arena.quantile([], 0.5) == 0.0


def test_a_tiny_run_is_self_consistent() -> None:
    result = arena.run_arena("normal", "baseline", deals=4, seed="tiny")
    a, b = result.side["A"], result.side["B"]
    assert a.hands == b.hands == 8  # every deal twice
    assert len(result.pair_differences) == 4
    # the mean paired difference is the difference of the points per hand
    assert result.difference == pytest.approx(a.points_per_hand() - b.points_per_hand())
    assert a.points == pytest.approx(a.points_per_hand() * a.hands)
    assert 0 <= a.made_trump + b.made_trump <= 8
    assert a.euchred <= a.made_trump and a.marches <= a.made_trump
    assert a.times and b.times  # both sides made real decisions
    text = arena.format_result(result)
    low, high = result.interval
    assert f"A - B: {result.difference:+.3f} points/hand" in text
    assert f"[{low:+.3f}, {high:+.3f}]" in text
    assert f"{a.points_per_hand():.3f} points/hand" in text
    # the same seed, the same hands and points
    again = arena.run_arena("normal", "baseline", deals=4, seed="tiny")
    assert again.pair_differences == result.pair_differences


def test_duplicate_pairs_of_one_player_against_itself_cancel() -> None:
    result = arena.run_arena("baseline", "baseline", deals=6, seed="mirror")
    assert result.pair_differences == [0.0] * 6
    assert result.interval == (0.0, 0.0)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    arena.main(["--a", "easy", "--b", "baseline", "--deals", "2", "--rules", "going_under=1"])
    out = capsys.readouterr().out
    assert "A = easy, B = baseline; 2 duplicate deals" in out
    assert "going_under=True" in out


def test_parse_rules() -> None:
    rules = arena.parse_rules("going_under=1,target_score=11,opening_lead=dealer_left")
    assert rules == RuleOptions(going_under=True, target_score=11, opening_lead="dealer_left")
    assert arena.parse_rules("") == RuleOptions()


def test_the_markdown_row() -> None:
    result = arena.run_arena("easy", "baseline", deals=2, seed="row")
    row = arena.table_row(result)
    assert row.startswith("| easy | baseline | 2 |")
    assert row.count("|") == arena.TABLE_HEADER.splitlines()[0].count("|")


def test_all_pairs_put_the_stronger_level_first() -> None:
    assert arena.all_pairs() == [
        ("easy", "baseline"),
        ("normal", "baseline"),
        ("strong", "baseline"),
        ("normal", "easy"),
        ("strong", "easy"),
        ("strong", "normal"),
    ]
