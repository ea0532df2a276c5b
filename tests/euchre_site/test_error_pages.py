"""An unknown address and a failing view answer with the site's own 404 and 500 pages when
DEBUG is off (as `run.py serve` runs by default): never Django's debug page, which lists every
URL of the site, the staff admin's among them. Scripts asking for JSON get JSON."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User

from .failing_urls import FAILING_PATH

pytestmark = pytest.mark.django_db

UNKNOWN = "/no-such-page/here/"
URL_LIST_MARK = "Using the URLconf"  # Django's debug 404, above its list of the site's URLs


def admin_named_in(body: str) -> bool:
    return "/" + settings.ADMIN_PATH in body or settings.ADMIN_PATH.strip("/") in body


@pytest.fixture
def debug_off(settings):
    settings.DEBUG = False  # what serve runs with unless DEBUG is set


def test_an_unknown_address_is_the_sites_404_page_without_the_url_list(debug_off):
    response = Client().get(UNKNOWN)
    body = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in body and 'class="site-header"' in body
    assert "Log in" in body  # base.html's header for a visitor
    assert URL_LIST_MARK not in body and not admin_named_in(body)
    assert [t.name for t in response.templates][:2] == ["404.html", "base.html"]


def test_a_player_gets_the_404_page_with_their_header(debug_off):
    player = User.objects.create_user("lost@example.com", None, display_name="Lost Player")
    client = Client()
    client.force_login(player)
    body = client.get(UNKNOWN).content.decode()
    assert "Lost Player" in body and "Find a table" in body
    assert URL_LIST_MARK not in body and not admin_named_in(body)


def test_the_staff_admins_unknown_addresses_do_not_name_it_either(debug_off):
    response = Client().get("/" + settings.ADMIN_PATH + "no-such-model/")
    assert response.status_code in (302, 404)  # the admin sends a visitor to log in
    assert URL_LIST_MARK not in response.content.decode()


def test_a_script_asking_for_json_gets_a_json_404(debug_off):
    response = Client().get(UNKNOWN, headers={"Accept": "application/json"})
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["error"] == "not_found"


def test_with_debug_on_django_lists_the_urls_which_is_why_serve_runs_without_it(settings):
    settings.DEBUG = True
    body = Client().get(UNKNOWN).content.decode()
    assert URL_LIST_MARK in body and admin_named_in(body)


def test_a_failing_view_is_the_sites_500_page(debug_off, settings):
    settings.ROOT_URLCONF = "tests.euchre_site.failing_urls"
    client = Client(raise_request_exception=False)
    response = client.get(FAILING_PATH)
    body = response.content.decode()
    assert response.status_code == 500
    assert "<h1>Server error</h1>" in body and 'class="site-header"' in body
    assert "/static/css/site.css" in body
    assert "RuntimeError" not in body and "Traceback" not in body

    answer = client.get(FAILING_PATH, headers={"Accept": "application/json"})
    assert answer.status_code == 500 and json.loads(answer.content)["error"] == "server_error"
