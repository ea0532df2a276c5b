"""From a rude chat line to a blocked player, in three browsers: a player says something rude at
a table and is reported; staff open the report in the admin, read the chat line and block the
player; within seconds the player's page says so, and a reload sends them to the login page
(seed 000: "please use the REPORT PLAYER button ... and we will block the user forever")."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.urls import reverse

from accounts.models import User
from games.engine import RuleOptions
from games.live.models import ChatMessage
from games.models import Game, Seat
from games.moderation.models import AbuseReport, ModerationDecision
from games.tables.services.tables import seat_take, table_create, table_start
from tests.browser.people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

RUDE_LINE = "<b>you all play like idiots</b>"


def off_the_event_loop(work):
    """Runs `work` in its own thread: Playwright's event loop runs in this one, and services
    tell sockets through async_to_sync, which refuses to run beside a loop."""

    def work_and_close():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work_and_close).result()


def table_for(host: User, guest: User) -> Game:
    """A started private table: the two of them and two computers."""
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=game.pk, user_id=guest.pk)
    table_start(game_id=game.pk, user_id=host.pk)
    return game


def test_staff_block_a_reported_player_who_is_shut_out_at_once(live_site, browser, artifacts):
    rex, rudy = make_player("Rex"), make_player("Rudy")
    staff = make_player("Stella", is_staff=True, is_superuser=True)
    game = off_the_event_loop(lambda: table_for(rex, rudy))
    rudys_seat = Seat.objects.get(game=game, user=rudy).position
    table_url = f"{live_site}{reverse('games:table', args=[game.pk])}"

    # Rudy says something rude at the table
    rudy_page = signed_in_page(browser, live_site, rudy)
    rudy_page.goto(table_url)
    rudy_page.wait_for_selector("#chat-form")
    rex_page = signed_in_page(browser, live_site, rex)
    rex_page.goto(table_url)
    rex_page.wait_for_selector("#chat-form")
    rudy_page.wait_for_function("document.querySelector('#reconnecting').hidden")
    rudy_page.fill("#chat-input", RUDE_LINE)
    rudy_page.press("#chat-input", "Enter")
    # Rex sees the line as text (never as markup) and reports Rudy
    rex_page.wait_for_selector(f"#chat-log >> text={RUDE_LINE}", timeout=15_000)
    assert rex_page.locator("#chat-log b").count() == 0
    rex_page.locator(f'button.report[data-seat="{rudys_seat}"]', has_text="Report").click()
    rex_page.select_option("#report-form select[name=reason]", "abuse")
    rex_page.fill("#report-form textarea[name=details]", "insults in chat")
    rex_page.click("#report-send")
    rex_page.wait_for_selector("#report-answer >> text=Thank you")
    rex_page.screenshot(path=artifacts / "blocking-1-reported.png")
    report = AbuseReport.objects.get(reported=rudy)
    assert ChatMessage.objects.filter(user=rudy, text=RUDE_LINE).exists()

    # staff find the report in the admin and read the chat behind it
    staff_page = signed_in_page(browser, live_site, staff)
    staff_page.goto(f"{live_site}{reverse('admin:games_abusereport_changelist')}")
    staff_page.click("#result_list tbody tr:first-child th a")
    staff_page.wait_for_url(re.compile(rf".*/abusereport/{report.pk}/change/$"))
    line = staff_page.locator("tr.reported-line")
    assert line.count() == 1
    assert RUDE_LINE in line.inner_text()
    staff_page.fill("#moderation-note", "Insults in chat")
    staff_page.screenshot(path=artifacts / "blocking-2-report-in-admin.png", full_page=True)
    staff_page.click("button[value=block]")
    staff_page.wait_for_selector(".messagelist >> text=Rudy is blocked")
    staff_page.screenshot(path=artifacts / "blocking-3-blocked-in-admin.png")

    # Rudy's page says so within seconds, and Rudy is logged out
    rudy_page.wait_for_selector("#blocked:not([hidden])", timeout=5_000)
    assert "Your account has been blocked" in rudy_page.inner_text("#blocked")
    assert rudy_page.locator("#reconnecting").is_hidden()
    assert rudy_page.locator("#chat-form").is_hidden()
    assert rudy_page.locator("#actions button").count() == 0  # nothing left to choose
    rudy_page.screenshot(path=artifacts / "blocking-4-player-sees-the-block.png")
    rudy_page.reload()
    rudy_page.wait_for_url(re.compile(r".*/accounts/login/.*"))
    rudy_page.screenshot(path=artifacts / "blocking-5-reload-goes-to-login.png")

    # Rex plays on, with the computer in Rudy's seat
    rex_page.wait_for_selector(
        ".seat-box >> text=Rudy >> xpath=.. >> .mark.computer", timeout=10_000
    )
    assert rex_page.locator("#blocked").is_hidden()
    decision = ModerationDecision.objects.get(player=rudy)
    assert (decision.kind, decision.staff, decision.report) == ("block", staff, report)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
