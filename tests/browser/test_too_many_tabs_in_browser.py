"""A player over their number of open table sockets sees why on the table page, instead of a
page that reconnects for ever, and gets in with "Try again" once another tab is closed."""

from __future__ import annotations

import pytest

from games.live.services.socket_slots import player_sockets_key
from tests.browser.people import make_player, signed_in_page, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]


@pytest.fixture
def one_socket_a_player(monkeypatch):
    monkeypatch.setenv("GAME_SOCKETS_PER_PLAYER", "1")  # read by the live site's processes


def test_a_tab_too_many_says_so_and_gets_in_once_another_closes(
    one_socket_a_player, live_site, browser, artifacts, redis_client
):
    player = make_player("Tabby")
    first = signed_in_page(browser, live_site, player)
    first.goto(f"{live_site}/tables/new/")
    first.click("text=Open the table")
    first.wait_for_selector("#invite-link")
    table_url = first.url
    first.wait_for_function("document.querySelector('#reconnecting').hidden")

    second = first.context.new_page()  # another tab of the same browser
    second.goto(table_url)
    second.wait_for_selector("#too-many", state="visible", timeout=15_000)
    assert "at most 1" in second.inner_text("#too-many")
    assert second.locator("#reconnecting").is_hidden()
    second.screenshot(path=artifacts / "too-many-tabs.png")

    places = player_sockets_key(player.pk)
    first.close()
    wait_for(lambda: redis_client.zcard(places) == 0, what="the closed tab's place is free")
    second.click("#too-many-retry")
    wait_for(lambda: redis_client.zcard(places) == 1, what="the second tab holds the place")
    second.wait_for_selector("#too-many", state="hidden", timeout=15_000)
    assert second.locator("#reconnecting").is_hidden()
