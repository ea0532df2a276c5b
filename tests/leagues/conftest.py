"""Fixtures of the leagues tests (the services, the pages and the Champions League)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from accounts.models import User
from games.engine import RuleOptions
from leagues.models import League
from leagues.services.leagues import league_create
from tests.economy.coins import wallet_set

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


@pytest.fixture
def make_league(make_player):
    """A private league created through `league_create` (paid for: its organiser gets 100 gold
    first, so they can still pay for games afterwards)."""
    keys = itertools.count(1)

    def make(
        organiser: User | None = None,
        *,
        name: str | None = None,
        joining: str = League.Joining.INVITATION,
        season_length: str = League.SeasonLength.MONTH,
        rules: RuleOptions | None = None,
    ) -> League:
        organiser = organiser or make_player()
        wallet_set(organiser, gold=100)
        number = next(keys)
        return league_create(
            organiser_id=organiser.pk,
            name=name or f"League {number}",
            description="",
            rules=rules or RuleOptions(),
            joining=joining,
            season_length=season_length,
            creation_key=f"test-{organiser.pk}-{number}",
        )

    return make
