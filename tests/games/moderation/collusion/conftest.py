from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pytest

from accounts.models import User

from .stored_games import cheating_games_stored, honest_games_stored

_numbers = itertools.count(1)


def make_player(name: str | None = None, **fields: Any) -> User:
    number = next(_numbers)
    name = name or f"Player{number}"
    # no password (tests log in with force_login): hashing one takes a quarter second
    return User.objects.create_user(
        f"{name.lower()}{number}@example.com", None, display_name=name, **fields
    )


@dataclass
class Site:
    honest: list[User]
    ann: User
    bob: User


@pytest.fixture
def cheating_site() -> Site:
    return cheating_site_stored()


def cheating_site_stored() -> Site:
    """Six honest players in quick play, and Ann and Bob, who see each other's cards at
    private tables with two of them."""
    honest = [make_player(f"Honest{number}") for number in range(6)]
    ann, bob = make_player("Ann"), make_player("Bob")
    honest_games_stored(honest, 30)
    cheating_games_stored(ann, bob, honest, 16)
    return Site(honest, ann, bob)
