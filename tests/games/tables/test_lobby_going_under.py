"""The lobby says, in words, which quick-play tables the player's going-under choice allows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import GoingUnder, User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        (GoingUnder.WITH, "only tables with going under"),
        (GoingUnder.WITHOUT, "only tables without going under"),
        (GoingUnder.EITHER, "tables with or without going under"),
    ],
)
def test_the_lobby_names_the_tables_the_player_accepts(client, choice, words):
    client.force_login(
        User.objects.create_user("p@example.com", "pw", display_name="P", going_under=choice)
    )
    page = " ".join(client.get(reverse("games:lobby")).content.decode().split())
    assert f"You play at {words}" in page
