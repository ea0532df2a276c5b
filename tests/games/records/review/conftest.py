from __future__ import annotations

import itertools

import pytest

from accounts.models import User
from games.engine import RuleOptions
from tests.games.finished_games import finished_game_store
from tests.games.records.review.careless import careless_at_seat_0

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        email = f"{name.lower()}{number}@example.com"
        return User.objects.create_user(email, None, display_name=name)

    return make


@pytest.fixture
def reviewed_game(make_player):
    """A finished game: Ann (seat 0, careless) and Bob (seat 2) with two computers."""
    ann, bob = make_player("Ann"), make_player("Bob")
    game, state = finished_game_store(
        [ann, None, bob, None], rules=RuleOptions(), seed="review-site", choose=careless_at_seat_0
    )
    return game, ann, bob, state
