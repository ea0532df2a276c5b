"""An invitation into an open seat, in two browsers (issue 54): the host invites a friend from
the waiting room of a private table, the friend's page (the lobby) shows the live prompt, the
friend accepts from it and lands in the seat; the host's waiting room shows them without a
reload. Screenshots of the form and the prompt at desktop and phone sizes."""

from __future__ import annotations

import re

import pytest

from games.engine import RuleOptions
from games.live.services.presence_places import OFFLINE, presence_read_many
from games.models import Game, Seat
from games.tables.services.tables import table_create
from tests.accounts.friends.pairs import befriend
from tests.browser.people import make_player, signed_in_page, wait_for
from tests.browser.test_accessibility_in_browser import axe_script as axe_script
from tests.browser.test_accessibility_in_browser import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(120)]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def test_the_host_invites_a_friend_who_accepts_from_the_prompt(
    live_site, browser, artifacts, axe_script
):
    folder = artifacts / "seatinvite"
    folder.mkdir(exist_ok=True)
    host, friend = make_player("Hana"), make_player("Finn")
    befriend(host, friend)
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())

    friend_page = signed_in_page(browser, live_site, friend)
    friend_page.goto(f"{live_site}/play/")
    # the friend's site socket is open (so the live prompt can reach the page)
    wait_for(
        lambda: presence_read_many([friend.pk])[friend.pk].state != OFFLINE,
        "the friend's page is online",
    )
    host_page = signed_in_page(browser, live_site, host)
    host_page.set_viewport_size(DESKTOP)
    host_page.goto(f"{live_site}/tables/{game.pk}/")
    host_page.select_option("#seat-invite-friend", str(friend.pk))
    host_page.screenshot(path=folder / "waiting-room-invite-desktop.png", full_page=True)
    host_page.set_viewport_size(PHONE)
    host_page.screenshot(path=folder / "waiting-room-invite-phone.png", full_page=True)
    assert not serious_violations(host_page, axe_script, ".seat-invite")
    host_page.set_viewport_size(DESKTOP)
    host_page.click("#seat-invite-send")
    host_page.wait_for_selector("#seat-invites >> text=Finn: waiting for an answer")

    prompt = friend_page.wait_for_selector("[role=alertdialog]", timeout=15_000)
    assert "Hana invites you to a seat" in prompt.inner_text()
    # the prompt has the focus, its buttons named by their words
    assert friend_page.evaluate("document.activeElement.textContent") == "Accept and sit down"
    friend_page.set_viewport_size(DESKTOP)
    friend_page.screenshot(path=folder / "prompt-desktop.png")
    friend_page.set_viewport_size(PHONE)
    friend_page.screenshot(path=folder / "prompt-phone.png")
    assert not serious_violations(friend_page, axe_script, "[role=alertdialog]")

    friend_page.get_by_role("button", name="Accept and sit down").dblclick()  # answered once
    friend_page.wait_for_url(re.compile(rf".*/tables/{game.pk}/$"))
    assert Seat.objects.filter(game=game, user=friend).count() == 1
    # the host's waiting room shows the friend seated, and what became of the invitation
    host_page.wait_for_selector("#waiting-seats >> text=Finn", timeout=15_000)
    host_page.wait_for_selector("#seat-invites >> text=Finn accepted and took a seat.")
