"""Fixtures for the friends tests: players without a password (tests log in with force_login)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from accounts.models import User

_numbers = itertools.count(1)


@pytest.fixture
def player(db) -> Callable[..., User]:
    def make(name: str | None = None, **fields: Any) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        return User.objects.create_user(
            f"{name.lower().replace(' ', '.')}{number}@example.com",
            None,
            display_name=name,
            **fields,
        )

    return make
