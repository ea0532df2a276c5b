"""A newcomer in a real browser: the day's first page adds silver, opening a private table
costs coins, and the wallet page lists every movement."""

from __future__ import annotations

import re

import pytest

from .people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]


def coins_shown(page) -> str:
    return " ".join(page.inner_text("header .coins").split())


def test_a_newcomer_sees_silver_grow_spends_on_a_private_table_and_sees_the_ledger(
    live_site, browser, artifacts
):
    newcomer = make_player("Nora")
    page = signed_in_page(browser, live_site, newcomer)
    assert "+10 silver for today's visit." in page.inner_text("ul.messages")
    assert coins_shown(page) == "60 silver 0 gold"  # welcome 50 + the day's 10

    page.goto(f"{live_site}/tables/new/")
    assert "Opening the table costs 5 coins" in page.inner_text("main")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    assert coins_shown(page) == "55 silver 0 gold"

    page.click("header .coins")
    page.wait_for_url(re.compile(r".*/coins/$"))
    history = page.inner_text("table.ledger")
    for what in ("Welcome grant", "Daily visit", "Opened a private table"):
        assert what in history
    page.screenshot(path=str(artifacts / "wallet.png"), full_page=True)
