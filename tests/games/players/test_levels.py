"""The levels a table's creator may choose: registered, legal, deterministic for a seed."""

from __future__ import annotations

import random

import pytest

from games.engine import GameState, RuleOptions
from games.engine.view import seat_view
from games.players import PLAYER_KINDS
from games.players.levels import LEVELS, choose_action_at_level, player_for_level


def test_the_levels_and_their_registry() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    for level in LEVELS:
        assert level in PLAYER_KINDS
        assert hasattr(player_for_level(level, random.Random(1)), "choose")
    with pytest.raises(ValueError, match="no computer level 'grandmaster': choose easy, normal"):
        player_for_level("grandmaster", random.Random(1))


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_hand_legally_and_deterministically(level: str) -> None:
    rules = RuleOptions(going_under=True, defend_alone=True, no_trump=True, stick_the_dealer=True)
    state = GameState(rules, f"levels/{level}")
    number = 0
    while not state.records:
        seat = state.to_act
        view = seat_view(state, seat)
        action = choose_action_at_level(view, rules, level, f"game/{number}")
        assert action in view.legal_actions
        if len(view.legal_actions) > 1 and number % 3 == 0:
            # the same arguments, the same answer
            assert choose_action_at_level(view, rules, level, f"game/{number}") == action
        state.apply(action, seat)
        number += 1


def test_the_seed_is_all_the_randomness() -> None:
    rules = RuleOptions()
    state = GameState(rules, "seeded")
    view = seat_view(state, state.to_act)
    random.seed(1)
    first = choose_action_at_level(view, rules, "easy", 42)
    random.seed(2)
    assert choose_action_at_level(view, rules, "easy", 42) == first
