"""The published strength figures (`games/players/published_strength.json`), which the site's
"Computer players" page shows: the shape it reads, and figures that agree with each other."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

import games.players
from games.players.levels import LEVELS

PUBLISHED = Path(games.players.__file__).with_name("published_strength.json")


def test_the_published_figures_have_the_page_s_shape_and_add_up() -> None:
    data = json.loads(PUBLISHED.read_text())
    date.fromisoformat(data["measured_on"])
    assert data["machine"]
    assert {(row["level"], row["opponent"]) for row in data["rows"]} >= {
        ("easy", "baseline"),
        ("normal", "baseline"),
        ("strong", "baseline"),
        ("strong", "openspiel_ismcts_10000"),
    }
    for row in data["rows"]:
        assert row["level"] in LEVELS
        assert row["deals"] >= 100
        difference = row["points_per_hand"] - row["opponent_points_per_hand"]
        assert row["difference"] == pytest.approx(difference, abs=0.002)
        assert row["ci_low"] < row["difference"] < row["ci_high"]
        assert 0 <= row["p50_ms"] <= row["p95_ms"]
        assert row["command"].startswith("python -m games.lab.arena")
