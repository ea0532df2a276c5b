"""Two people in two browsers at one private table: invite by link, start with two computers,
and a move in one browser shows up in the other (Debian's chromium via Playwright)."""

from __future__ import annotations

import re

import pytest

from games.models import Action, Game, Seat
from games.selectors import engine_game
from tests.browser.people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]


def test_two_players_share_a_private_table(live_site, browser, artifacts):
    host, guest = make_player("Hana"), make_player("Gus")
    host_page = signed_in_page(browser, live_site, host)
    host_page.goto(f"{live_site}/tables/new/")
    host_page.click("summary:has-text('Dealing and bidding')")  # a folded box of options
    host_page.check("input[name=stick_the_dealer]")
    host_page.click("text=Open the table")
    host_page.wait_for_selector("#invite-link")
    invite = host_page.input_value("#invite-link")
    game = Game.objects.get(created_by=host)

    guest_page = signed_in_page(browser, live_site, guest)
    guest_page.goto(invite)
    guest_page.click("text=Take a seat")
    guest_page.wait_for_url(re.compile(rf".*/tables/{game.pk}/$"))
    # the host's waiting room shows the guest without a reload
    host_page.wait_for_selector("#waiting-seats >> text=Gus", timeout=15_000)
    host_page.screenshot(path=artifacts / "private-table-waiting-room.png")

    host_page.click("#start-game")
    for page in (host_page, guest_page):  # the guest's page follows the start by itself
        page.wait_for_selector("button.card", timeout=20_000)
    assert Seat.objects.filter(game=game, user__isnull=True).count() == 2

    seats = {Seat.objects.get(game=game, user=p).position: page for p, page in
             ((host, host_page), (guest, guest_page))}  # fmt: skip

    def waiting_for_a_person() -> int | None:
        to_act = engine_game(Game.objects.get(pk=game.pk)).to_act
        return to_act if to_act in seats else None

    # computers move on their own until one of the two people is to act
    for _ in range(200):
        actor = waiting_for_a_person()
        if actor is not None:
            break
        host_page.wait_for_timeout(100)
    else:
        pytest.fail("neither person was ever to act")
    before = Action.objects.filter(game=game).count()
    acting_page = seats[actor]
    acting_page.wait_for_selector("button[data-action], button.card.legal", timeout=15_000)
    other_page = next(page for seat, page in seats.items() if seat != actor)
    other_page.wait_for_selector("#status >> text=Waiting for", timeout=15_000)
    table_before = other_page.inner_text("#felt")
    # nobody else moves until this person does, so any change on the other page is this move
    acting_page.locator("button[data-action]:visible, button.card.legal").first.click()
    # first that the move was stored, then that the other page shows it: a failure says which
    for _ in range(150):
        if Action.objects.filter(game=game).count() > before:
            break
        acting_page.wait_for_timeout(100)
    else:
        acting_page.screenshot(path=artifacts / "private-table-move-not-stored.png")
        pytest.fail(f"the click stored no move; the page says: {acting_page.inner_text('#status')}")
    other_page.wait_for_function(
        "before => document.querySelector('#felt').innerText !== before",
        arg=table_before,
        timeout=15_000,
    )
    assert Action.objects.filter(game=game).count() > before
    other_page.screenshot(path=artifacts / "private-table-second-browser.png")
    for seat, page in seats.items():
        hand = engine_game(Game.objects.get(pk=game.pk)).state().hand
        others = {card for other in range(4) if other != seat for card in hand.hands[other]}
        shown = set(
            page.eval_on_selector_all("#my-hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        )
        assert shown and not (shown & others)
