from __future__ import annotations

import itertools
from typing import Any

import pytest

from accounts.models import User

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
