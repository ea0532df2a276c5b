"""Fixtures for the accounts tests: players who can log in, and allauth's rate limits reset."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import cache

from accounts.models import User

PASSWORD = "a long password 1"

_numbers = itertools.count(1)


@pytest.fixture
def make_player(db) -> Callable[..., User]:
    """Makes a player who can log in with `PASSWORD`: their address is verified, as allauth
    requires (ACCOUNT_EMAIL_VERIFICATION = "mandatory"). `verified=False` makes one who just
    signed up and has not followed the e-mailed link yet."""

    def make(name: str | None = None, *, verified: bool = True, **fields: Any) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        email = fields.pop("email", f"{name.lower().replace(' ', '.')}{number}@example.com")
        player = User.objects.create_user(email, PASSWORD, display_name=name, **fields)
        EmailAddress.objects.create(user=player, email=email, verified=verified, primary=True)
        return player

    return make


def allauth_rate_limit_keys_delete(redis_client) -> None:
    # only this run's keys (the cache's prefix is this run's REDIS_KEY_PREFIX): other test runs
    # and sites share this Redis, so never flush it
    pattern = cache.make_key("allauth:rl:*")
    keys = list(redis_client.scan_iter(match=pattern, count=500))
    if keys:
        redis_client.delete(*keys)


@pytest.fixture(autouse=True)
def allauth_rate_limits_reset(redis_client) -> Iterator[None]:
    """allauth counts logins, sign-ups and resets per address and per IP (127.0.0.1 for every
    test) in the cache; each test starts with none counted and leaves none behind."""
    allauth_rate_limit_keys_delete(redis_client)
    yield
    allauth_rate_limit_keys_delete(redis_client)
