"""People for the browser tests: verified players who sign in through the real login page."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User

PASSWORD = "a long browser password 8"
LAPTOP = {"width": 1280, "height": 800}


def make_player(name: str, **fields) -> User:
    """A player whose address is verified, so they can log in at once."""
    player = User.objects.create_user(
        f"{name.lower()}@example.com", PASSWORD, display_name=name, **fields
    )
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    return player


def signed_in_page(browser, base_url: str, player: User):
    """A new browser context (its own cookies) with `player` logged in."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=login]", player.email)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/$"))
    return page


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    """Polls `condition` (a database or Redis read beside the browser) until it holds."""
    give_up = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > give_up:
            pytest.fail(f"not true after {timeout} s: {what}")
        time.sleep(0.1)
