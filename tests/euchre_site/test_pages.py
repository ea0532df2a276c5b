from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from games.engine import preset_rules
from games.models import Game
from games.tables.services.tables import table_create


@pytest.mark.django_db
def test_home_page_offers_sign_up_and_log_in_to_visitors(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert f'href="{reverse("account_signup")}"' in body
    assert f'href="{reverse("account_login")}"' in body


@pytest.mark.django_db
def test_home_page_greets_a_logged_in_player_by_display_name(client):
    player = User.objects.create_user("ann@example.com", "a long password 1", display_name="Ann")
    client.force_login(player)
    body = client.get(reverse("home")).content.decode()
    assert "Ann" in body
    assert reverse("account_signup") not in body


@pytest.mark.django_db
def test_a_newcomer_is_welcomed_with_the_welcome_silver_and_a_player_welcomed_back(
    client, settings
):
    settings.ECONOMY_WELCOME_SILVER = 50
    newcomer = User.objects.create_user("new@example.com", "a long password 1", display_name="Neo")
    client.force_login(newcomer)
    body = client.get(reverse("home")).content.decode()
    assert "Welcome back" not in body
    assert "Welcome, <strong>Neo</strong>!" in body and "50 welcome silver" in body
    assert "Play your first game" in body
    # once they have sat at a table, they are welcomed back
    table_create(creator_id=newcomer.pk, kind=Game.Kind.PRIVATE, rules=preset_rules("standard"))
    body = client.get(reverse("home")).content.decode()
    assert "Welcome back, <strong>Neo</strong>." in body and "welcome silver" not in body


@pytest.mark.django_db
def test_sign_up_and_login_pages_use_the_site_layout(client):
    for name in ("account_signup", "account_login"):
        response = client.get(reverse(name))
        assert response.status_code == 200
        assert "site-header" in response.content.decode(), name


@pytest.mark.django_db
def test_health_page_answers_503_when_no_worker_runs(client, redis_client):
    response = client.get(reverse("health"))
    data = response.json()
    assert data["checks"]["database"]["ok"] is True
    assert data["checks"]["workers"]["ok"] is False
    assert response.status_code == 503
