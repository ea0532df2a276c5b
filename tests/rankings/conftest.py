from __future__ import annotations

import itertools
from typing import Any

import pytest

from accounts.models import User
from games.models import Game
from tests.games.finished_games import game_result_store

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None, **fields: Any) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        # no password (tests log in with force_login): hashing one takes a quarter second
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name, **fields
        )

    return make


@pytest.fixture
def a_game():
    """a_game(n): the n-th of some finished games, for GamePoints rows written straight."""
    made: list[Game] = []

    def game(n: int = 0) -> Game:
        while len(made) <= n:
            made.append(game_result_store([None] * 4, score=(10, 0), winner_team=0))
        return made[n]

    return game
