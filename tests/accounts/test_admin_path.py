"""The Django admin: at settings.ADMIN_PATH (not /admin/), staff only, and its login is allauth's
rate-limited login (euchre_site/staff_admin.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.urls import reverse

from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_the_admin_is_at_the_admin_path_and_not_at_slash_admin(client, make_player):
    assert settings.ADMIN_PATH == "staff/"
    assert reverse("admin:index") == "/staff/"
    client.force_login(make_player(is_staff=True))
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/login/").status_code == 404


def test_the_admin_path_comes_from_the_environment():
    env = {
        **os.environ,
        "ADMIN_PATH": "/back-office/",
        "DJANGO_SETTINGS_MODULE": "euchre_site.settings",
    }
    code = (
        "import django; django.setup(); from django.urls import reverse; "
        "print(reverse('admin:index'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "/back-office/"


def test_a_visitor_is_sent_to_the_sites_login_and_back(client, make_player):
    response = client.get("/staff/games/", follow=True)
    login_path = reverse("account_login")
    assert response.redirect_chain[-1] == (f"{login_path}?next={quote('/staff/games/')}", 302)
    assert response.status_code == 200
    assert 'class="account-card' in response.content.decode()  # allauth's login, not Django's

    staff = make_player("Boss", is_staff=True)
    logged_in = client.post(
        f"{login_path}?next=/staff/games/", {"login": staff.email, "password": PASSWORD}
    )
    assert logged_in["Location"] == "/staff/games/"


def test_the_admins_own_login_form_is_never_shown(client):
    for method in (client.get, client.post):
        response = method("/staff/login/?next=/staff/")
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('account_login')}?next=/staff/"


def test_an_outside_next_is_not_followed_from_the_admin_login(client):
    response = client.get("/staff/login/?next=https://evil.example/")
    assert response["Location"] == f"{reverse('account_login')}?next=/staff/"


@pytest.mark.parametrize("path", ["/staff/", "/staff/login/", "/staff/accounts/user/"])
def test_a_player_who_is_not_staff_gets_not_found(client, make_player, path):
    client.force_login(make_player())
    assert client.get(path).status_code == 404


def test_staff_get_the_admin_index(client, make_player):
    client.force_login(make_player(is_staff=True, is_superuser=True))
    response = client.get("/staff/")
    assert response.status_code == 200
    assert "Euchre staff" in response.content.decode()
    assert client.get("/staff/login/")["Location"] == "/staff/"
