"""The 404 and 500 pages in a real browser, served by daphne with DEBUG off (as `run.py serve`
runs): in the site's look at desktop and phone size, no sideways scrolling on the phone, and
no list of the site's URLs. Screenshots go to var/test-artifacts/errors/ to be looked at."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User
from tests.euchre_site.failing_urls import FAILING_PATH
from tests.live_server import (
    free_port,
    start_process,
    stop_processes,
    url_of_test_database,
    wait_until_test_processes_left_the_database,
)

from .conftest import ROOT, wait_for_port
from .test_phone_layout import PHONE, WIDTH_REPORT

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def site_without_debug(transactional_db, redis_client, tmp_path) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url_of_test_database(),
        "DEBUG": "false",
        "SECURE_COOKIES": "false",  # plain HTTP, as serve
        "SECRET_KEY": settings.SECRET_KEY,  # the test's sessions are the site's
        "DJANGO_SETTINGS_MODULE": "tests.browser.error_site_settings",
        "PYTHONPATH": str(ROOT),
    }
    log = tmp_path / "daphne.log"
    daphne = Path(sys.executable).parent / "daphne"
    command = [daphne, "-b", "127.0.0.1", "-p", str(port), "euchre_site.asgi:application"]
    processes = [start_process(command, log=log, cwd=ROOT, env=env)]
    try:
        wait_for_port(port, processes[0])
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_processes(processes, grace=15)
        print("---- daphne log ----\n" + (log.read_text() if log.exists() else "")[-3000:])
        wait_until_test_processes_left_the_database()


def logged_in_cookie(base_url: str) -> dict:
    player = User.objects.create_user("wanderer@example.com", None, display_name="Wanderer")
    client = Client()
    client.force_login(player)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    return {"name": cookie.key, "value": cookie.value, "url": base_url}


def test_404_and_500_pages_in_the_sites_look_on_desktop_and_phone(
    site_without_debug, browser, artifacts
):
    folder = artifacts / "errors"
    folder.mkdir(exist_ok=True)
    cookie = logged_in_cookie(site_without_debug)
    pages = [
        ("404-visitor", "/no-such-page/", None, 404, "Page not found"),
        ("404-player", "/tables/99999999/", cookie, 404, "Page not found"),
        ("500", FAILING_PATH, None, 500, "Server error"),
    ]
    for size_name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        phone = size is PHONE
        for name, path, login, status, heading in pages:
            context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
            if login:
                context.add_cookies([login])
            page = context.new_page()
            response = page.goto(site_without_debug + path)
            assert response is not None and response.status == status, path
            assert page.locator("h1").inner_text() == heading
            body = page.content()
            assert "Using the URLconf" not in body and settings.ADMIN_PATH not in body
            # the site's stylesheet was applied: the header is the site's dark bar, not bare
            header = page.locator("header.site-header")
            assert header.evaluate("h => getComputedStyle(h).display") == "flex"
            if login:
                assert "Wanderer" in body
            page.screenshot(path=folder / f"{name}-{size_name}.png", full_page=True)
            if phone:
                report = page.evaluate(WIDTH_REPORT, PHONE["width"])
                assert report["width"] <= PHONE["width"], (path, report)
            context.close()
