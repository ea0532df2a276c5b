from __future__ import annotations

import base64
import itertools
import json

import pytest
from django.conf import settings

from accounts.models import User
from games.engine import RuleOptions
from tests.games.finished_games import finished_game_store
from tests.games.review.careless import careless_at_seat_0

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


def queued(redis_client) -> list[tuple[str, list]]:
    """(task name, args) of every message waiting in the Celery queue, oldest first."""
    key = f"{settings.REDIS_KEY_PREFIX}:celery"
    messages = [json.loads(raw) for raw in reversed(redis_client.lrange(key, 0, -1))]
    return [
        (message["headers"]["task"], json.loads(base64.b64decode(message["body"]))[0])
        for message in messages
    ]


@pytest.fixture
def empty_queue(redis_client):
    redis_client.delete(f"{settings.REDIS_KEY_PREFIX}:celery")
    yield redis_client
    redis_client.delete(f"{settings.REDIS_KEY_PREFIX}:celery")
