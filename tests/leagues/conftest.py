"""Fixtures of the leagues tests (the services, the pages and the Champions League)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from accounts.models import User

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    """A player with a display name (unique: a number is added to the e-mail address only, so
    pass distinct names) and the welcome silver of a new wallet."""

    def make(name: str | None = None, **fields: Any) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        # no password (tests log in with force_login): hashing one takes a quarter second
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name, **fields
        )

    return make
