"""Two friends in two browsers queue for quick play as partners and are seated opposite each
other, with two players who waited alone (issue 54)."""

from __future__ import annotations

import re

import pytest

from games.models import Seat
from games.tables.services.quick_play import queue_join
from tests.accounts.friends.pairs import befriend
from tests.browser.people import make_player, signed_in_page
from tests.browser.test_accessibility_in_browser import axe_script, check_both_sizes

__all__ = ["axe_script"]  # the fixture, used here too

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(120)]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def shots(page, folder, name: str) -> None:
    """The page at desktop and phone widths, for a person to look at."""
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=folder / f"{name}-{label}.png", full_page=True)
    page.set_viewport_size(DESKTOP)


def test_a_pair_queues_together_and_sits_opposite(live_site, browser, artifacts, axe_script):
    ann, bob = make_player("Ann"), make_player("Bob")
    befriend(ann, bob)
    singles = [make_player("Sam"), make_player("Sue")]
    for single in singles:
        queue_join(user_id=single.pk)
    folder = artifacts / "pairs"
    folder.mkdir(exist_ok=True)

    ann_page = signed_in_page(browser, live_site, ann)
    ann_page.goto(f"{live_site}/play/")
    ann_page.get_by_label("Play with a friend as partner").select_option(label="Bob")
    shots(ann_page, folder, "lobby-choosing-a-partner")
    ann_page.click("button:has-text('Find a table')")
    ann_page.wait_for_selector("text=Waiting for their answer")
    shots(ann_page, folder, "lobby-waiting-for-an-answer")

    bob_page = signed_in_page(browser, live_site, bob)
    bob_page.goto(f"{live_site}/play/")
    bob_page.wait_for_selector("#partners >> text=Ann asks you to be their partner")
    shots(bob_page, folder, "lobby-asked-to-be-a-partner")
    check_both_sizes(bob_page, axe_script, "the lobby with an invitation to be partners")
    bob_page.click("button:has-text('Accept and queue with Ann')")

    # Bob's answer completes the table; Ann's lobby, polling, follows to it
    for page in (bob_page, ann_page):
        page.wait_for_url(re.compile(r".*/tables/\d+/$"), timeout=20_000)
    seats = dict(Seat.objects.filter(in_play=True).values_list("user_id", "position"))
    assert set(seats) == {ann.pk, bob.pk, *(single.pk for single in singles)}
    assert abs(seats[ann.pk] - seats[bob.pk]) == 2
