"""A player whose socket was closed for flooding: their page, opened again while the cool-down
lasts, says why and when, waits as long as the server asked, and then comes back by itself."""

from __future__ import annotations

import time

import pytest

from games.live.services.socket_slots import player_sockets_key
from tests.browser.people import make_player, signed_in_page, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

COOLDOWN_SECONDS = 8

# a second socket of the same page's session, sending syncs far faster than a person could
FLOOD = """
(path) => new Promise((resolve) => {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const flooder = new WebSocket(scheme + "//" + location.host + path);
  flooder.onopen = () => {
    for (let i = 0; i < 400; i++) flooder.send(JSON.stringify({type: "sync", version: 0}));
  };
  flooder.onclose = (event) => resolve(event.code);
})
"""


@pytest.fixture
def short_cool_down(monkeypatch):
    monkeypatch.setenv("GAME_FLOOD_COOLDOWN_SECONDS", str(COOLDOWN_SECONDS))  # the site's


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_page_waits_out_the_cool_down_and_comes_back(
    short_cool_down, live_site, browser, artifacts, redis_client, size
):
    player = make_player("Flooder")
    page = signed_in_page(browser, live_site, player)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_site}/tables/new/")
    page.click("text=Open the table")
    page.wait_for_selector("#invite-link")
    path = page.get_attribute("#table", "data-socket-path")
    # the page's own socket is open (it holds its place) before the flood begins
    places = player_sockets_key(player.pk)
    wait_for(lambda: redis_client.zcard(places) == 1, what="the page's socket is open")

    assert page.evaluate(FLOOD, path) == 4008
    flooded_at = time.monotonic()
    # the page's own socket did not flood: it stays open
    wait_for(lambda: redis_client.zcard(places) == 1, what="only the flooder's place given back")
    assert page.locator("#reconnecting").is_hidden()

    page.reload()  # a new socket while the cool-down lasts: refused, told why and when
    page.wait_for_selector("#toast", state="visible", timeout=15_000)
    told = page.inner_text("#toast")
    assert "too many messages" in told and "try again in" in told, told
    page.wait_for_selector("#reconnecting", state="visible")
    page.screenshot(path=artifacts / f"flooding-cool-down-{size[0]}.png")

    # the page comes back by itself once the cool-down is over, not before
    page.wait_for_function(
        "document.querySelector('#reconnecting').hidden", timeout=(COOLDOWN_SECONDS + 15) * 1000
    )
    assert time.monotonic() - flooded_at >= COOLDOWN_SECONDS
    page.wait_for_selector("#invite-link")
