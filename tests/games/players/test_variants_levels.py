"""Every level and the baseline play whole games of every preset (issue 19: "easy, normal and
strong play every variant and every option legally ... never reneging on purpose"): every
action chosen is one of the seat's `honest_actions`, and the game ends."""

from __future__ import annotations

import logging
import random

import pytest

from games.engine import PRESETS, GameState, preset_rules
from games.engine.view import seat_view
from games.players import levels
from games.players.levels import choose_action_at_level
from games.players.rule_of_thumb import choose_action

KINDS = ("easy", "normal", "strong", "baseline")
MAX_ACTIONS = 5000


@pytest.fixture
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # the tests check legality, the arena measures strength: a small search is enough
    monkeypatch.setattr(levels, "NORMAL_PLAY_SAMPLES", 2)
    monkeypatch.setattr(levels, "STRONG_PLAY_SAMPLES", 3)
    monkeypatch.setattr(levels, "STRONG_BID_SAMPLES", 3)
    monkeypatch.setattr(levels, "STRONG_NODE_BUDGET", 2000)


@pytest.fixture(autouse=True)
def fresh_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    # the levels warn once per (variant, phase, problem): each test starts with none reported
    monkeypatch.setattr(levels, "_reported", set())


def play_game(preset: str, game: int) -> list[tuple[str, str]]:
    """A whole game with the kinds rotated through the seats; returns (kind, action) of every
    real choice."""
    rules = preset_rules(preset, target_score=5)
    kinds = [KINDS[(game + seat) % len(KINDS)] for seat in range(rules.seats)]
    state = GameState(rules, f"levels/{preset}/{game}")
    chosen = []
    for number in range(MAX_ACTIONS):
        if state.winner is not None:
            return chosen
        seat = state.to_act
        view = seat_view(state, seat)
        kind = kinds[seat]
        if kind == "baseline":
            action = choose_action(view, rules)
        else:
            action = choose_action_at_level(view, rules, kind, f"{preset}/{game}/{number}")
        assert action in view.honest_actions, (kind, action, view)
        if len(view.honest_actions) > 1:
            chosen.append((kind, action))
        state.apply(action, seat)
    raise AssertionError(f"{preset}: no winner after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_level_plays_whole_games_of_every_preset_honestly(
    preset: str, small_search: None, caplog: pytest.LogCaptureFixture
) -> None:
    kinds_that_chose: set[str] = set()
    with caplog.at_level(logging.WARNING, logger="games.players.levels"):
        # four games: each kind sits in every seat once
        for game in range(len(KINDS)):
            kinds_that_chose.update(kind for kind, _ in play_game(preset, game))
    assert kinds_that_chose == set(KINDS)
    # the search plays every preset itself: normal and strong never fall back to the rule of
    # thumb (a fallback is logged as a warning)
    assert not caplog.records, [record.getMessage() for record in caplog.records]


def test_a_search_failure_falls_back_to_the_rule_of_thumb(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(self: object, view: object, rules: object) -> str:
        raise IndexError("a phase the search does not know")

    monkeypatch.setattr(levels.SearchPlayer, "choose", broken)
    rules = preset_rules("standard")
    state = GameState(rules, "fallback")
    view = seat_view(state, state.to_act)
    with caplog.at_level(logging.WARNING, logger="games.players.levels"):
        for level in ("normal", "strong"):
            player = levels.player_for_level(level, random.Random(1))
            assert player.choose(view, rules) == choose_action(view, rules)
    assert "rule of thumb instead" in caplog.text


def test_a_dishonest_search_answer_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    # play on until a seat could renege: it holds the suit led and something else
    rules = preset_rules("renege")
    state = GameState(rules, "dishonest")
    for _ in range(MAX_ACTIONS):
        view = seat_view(state, state.to_act)
        dishonest = sorted(set(view.legal_actions) - set(view.honest_actions))
        if dishonest:
            break
        state.apply(choose_action(view, rules), view.seat)
    assert dishonest
    monkeypatch.setattr(levels.SearchPlayer, "choose", lambda self, view, rules: dishonest[0])
    player = levels.player_for_level("strong", random.Random(1))
    assert player.choose(view, rules) == choose_action(view, rules)
