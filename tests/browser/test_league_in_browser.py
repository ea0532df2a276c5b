"""An organiser runs a private league from the browser: creates it (paying its price), invites a
friend by name; the friend, in a second browser, accepts from their Leagues page; both then see
each other among the members and, after a league game, in the standings. Screenshots of the
leagues pages at laptop and phone widths go to var/test-artifacts."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.test import Client
from django.utils import timezone

from accounts.models import User
from economy.models import LedgerEntry
from games.models import Game, Seat
from leagues.models import League, LeagueGame, Membership
from leagues.services.tables import league_table_open
from tests.economy.coins import wallet_set

from .people import LAPTOP

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(60)]

PHONE = {"width": 375, "height": 740}


def signed_in(browser, base_url: str, name: str):
    """A verified player and a browser page with their session (logged in as `force_login`
    does: the login page has its own browser tests, and hashing passwords is slow)."""
    player = User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    client = Client()
    client.force_login(player)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context = browser.new_context(viewport=LAPTOP)
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    return player, context.new_page()


def screenshots(page, artifacts, name: str) -> None:
    """The page at laptop and phone widths; neither scrolls sideways."""
    for label, size in (("1280", LAPTOP), ("375", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=artifacts / f"league-{name}-{label}.png", full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the {name} page is {overflow}px too wide at {label}px"
    page.set_viewport_size(LAPTOP)


def test_an_organiser_creates_a_league_and_a_friend_joins_it(live_site, browser, artifacts):
    olga, organiser = signed_in(browser, live_site, "Olga")
    fred, friend = signed_in(browser, live_site, "Fred")
    wallet_set(olga, silver=120)

    organiser.goto(f"{live_site}/leagues/")
    organiser.click("text=Create a league")
    organiser.wait_for_url(re.compile(r".*/leagues/new/$"))
    screenshots(organiser, artifacts, "create")
    organiser.fill("input[name=name]", "Friday <Club>")
    organiser.fill("textarea[name=description]", "Cards every Friday night.")
    organiser.click("summary:has-text('Dealing and bidding')")  # a folded box of options
    organiser.check("input[name=stick_the_dealer]")
    organiser.click("button:has-text('Create the league')")
    organiser.wait_for_url(re.compile(r".*/leagues/\d+/$"))
    league = League.objects.get(created_by=olga)
    assert league.name == "Friday <Club>"
    paid = LedgerEntry.objects.filter(wallet_id=olga.pk, reason=LedgerEntry.Reason.LEAGUE)
    assert [entry.amount for entry in paid] == [-50]

    organiser.fill("#organiser-tools input[name=name]", "Fred")
    organiser.click("#organiser-tools button:has-text('Invite')")
    organiser.wait_for_selector(".messages >> text=Fred is invited")
    assert "Fred" in organiser.inner_text("#pending-invitations")

    friend.goto(f"{live_site}/leagues/")
    invitation = friend.locator("#league-invitations li", has_text="Friday <Club>")
    assert "invited by Olga" in invitation.inner_text()
    screenshots(friend, artifacts, "index-invited")
    invitation.locator("button:has-text('Accept')").click()
    friend.wait_for_url(re.compile(rf".*/leagues/{league.pk}/$"))
    assert Membership.objects.filter(league=league, player=fred, ended_at__isnull=True).exists()

    # a league game between them ends (played elsewhere in the suite): both see the standings
    finished_at = timezone.now()  # after Fred joined: it counts for both
    game = Game.objects.create(
        kind=Game.Kind.LEAGUE,
        status=Game.Status.FINISHED,
        rules=league.rules,
        created_by=olga,
        started_at=finished_at - timedelta(minutes=10),
        finished_at=finished_at,
        score_team0=10,
        score_team1=6,
        winner_team=0,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user=user, time_limit_ms=30_000)
        for position, user in enumerate([olga, fred, None, None])
    )
    LeagueGame.objects.create(game=game, league=league)
    league_table_open(league_id=league.pk, user_id=fred.pk)  # Fred waits at a new table
    for page, me in ((organiser, "Olga"), (friend, "Fred")):
        page.goto(f"{live_site}/leagues/{league.pk}/")
        members = page.inner_text("#members")
        assert "Olga" in members and "Fred" in members and "ORGANISER" in members.upper()
        rows = page.locator("#standings tbody tr")
        assert rows.count() == 2
        assert "Olga" in rows.nth(0).inner_text() and "15" in rows.nth(0).inner_text()
        assert "Fred" in rows.nth(1).inner_text()
        assert me in page.inner_text("#standings tr.me")
        assert "10–6" in page.inner_text("#recent-games")  # noqa: RUF001 (the page's en dash)
    assert "Fred's table" in organiser.inner_text("#league-tables")
    assert organiser.locator("#league-tables button:has-text('Sit down')").count() == 1
    assert friend.locator("#league-tables a:has-text('Go to the table')").count() == 1
    screenshots(organiser, artifacts, "detail-organiser")
    screenshots(friend, artifacts, "detail-member")
    organiser.goto(f"{live_site}/leagues/")
    screenshots(organiser, artifacts, "index")
