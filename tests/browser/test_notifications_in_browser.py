"""Notifications in a real browser, on the live site (daphne and its worker): a host invites a
friend by name from the table page; the friend's header shows one unread notification, the
bell opens the notifications page, which lists the invitation and marks it read, and its link
leads to the table's join page. The live site mails through Django's file backend
(EMAIL_FILE_PATH, as an operator may configure it): the invitation's e-mail is in the folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.test import Client

from accounts.models import Notification, NotificationKind, User
from accounts.services.notifications import notify
from games.engine import RuleOptions
from games.models import Game
from games.tables.services.tables import table_create
from tests.economy.coins import wallet_set

from .people import LAPTOP

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(120)]


@pytest.fixture
def mail_folder(monkeypatch, tmp_path) -> Path:
    """Where the live site's processes write their e-mails (set before `live_site` starts)."""
    folder = tmp_path / "mail"
    monkeypatch.delenv("EMAIL_HOST", raising=False)
    monkeypatch.setenv("EMAIL_FILE_PATH", str(folder))
    return folder


def person(name: str) -> User:
    user = User.objects.create_user(
        f"{name.split()[0].lower()}@example.com", None, display_name=name
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def page_of(browser, base_url: str, user: User, context=None):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context = context or browser.new_context(viewport=LAPTOP)
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    return context.new_page()


@pytest.fixture(autouse=True)
def shots(artifacts):
    (artifacts / "notifications").mkdir(exist_ok=True)


def test_an_invitation_reaches_the_friends_header_page_and_mailbox(
    mail_folder, live_site, browser, artifacts
):
    folder = artifacts / "notifications"
    folder.mkdir(exist_ok=True)
    host, friend = person("Host"), person("Friend")
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())

    host_page = page_of(browser, live_site, host)
    host_page.goto(f"{live_site}/tables/{game.pk}/")
    host_page.fill("input[name=name]", "Friend")
    host_page.locator("form.inline-form", has=host_page.locator("input[name=name]")).locator(
        "button[type=submit]"
    ).click()
    host_page.wait_for_load_state()
    assert "Friend is invited" in host_page.inner_text("body")

    page = page_of(browser, live_site, friend)
    page.goto(f"{live_site}/")
    bell = page.locator("header a.notifications-link")
    assert bell.locator(".unread-count").inner_text() == "1"
    assert bell.get_attribute("aria-label") == "Notifications: 1 unread"
    page.screenshot(path=folder / "desktop-header-unread.png")

    bell.click()
    page.wait_for_url(f"{live_site}/notifications/")
    item = page.locator("#notifications li.notification")
    assert item.count() == 1
    assert "Host invited you to a table" in item.inner_text()
    assert "new" in item.locator(".kind").inner_text().lower()
    # shown, so read: the header's count is gone on this very page
    assert page.locator("header .unread-count").count() == 0
    page.screenshot(path=folder / "desktop-notifications.png", full_page=True)
    assert Notification.objects.get(recipient=friend).read_at is not None

    item.locator("a").click()
    page.wait_for_url(f"{live_site}/tables/join/{game.invite_token}/")

    mails = [path.read_text() for path in mail_folder.glob("*.log")]
    assert len(mails) == 1
    assert "To: friend@example.com" in mails[0]
    assert "Host invited you to a table" in mails[0]
    assert f"/tables/{game.pk}/" in mails[0]


# the narrowest windows that show the links in a row (below, they fold behind "Menu")
WIDE_HEADER_WIDTHS = (1201, 1280)
HEADER_PARTS = """() => {
  const box = selector => document.querySelector(selector).getBoundingClientRect();
  return {
    links_end: box(".site-nav .log-out").right,
    coins_start: box(".site-header .coins").left,
    coins_end: box(".site-header .coins").right,
    bell_start: box(".notifications-link").left,
    bell_end: box(".notifications-link").right,
    header_height: box(".site-header").height,
    page_width: document.documentElement.scrollWidth,
  };
}"""


def test_staffs_links_a_large_balance_and_the_bell_share_one_header_row(
    live_site, browser, artifacts
):
    staff = person("Stella Maximiliana Wolff")
    User.objects.filter(pk=staff.pk).update(is_staff=True, is_superuser=True)
    wallet_set(staff, silver=200, gold=123456)
    for number in range(120):
        notify(recipient_id=staff.pk, kind=NotificationKind.WARNING, text=f"Warning {number}")
    for width in WIDE_HEADER_WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 600})
        page = page_of(browser, live_site, staff, context=context)
        page.goto(f"{live_site}/play/")
        assert page.locator("header .menu-toggle").is_hidden()  # the links are in the row
        parts = page.evaluate(HEADER_PARTS)
        page.screenshot(path=artifacts / "notifications" / f"staff-header-{width}.png")
        assert parts["links_end"] <= parts["coins_start"], parts
        assert parts["coins_end"] <= parts["bell_start"] and parts["bell_end"] <= width, parts
        assert parts["header_height"] <= 64 and parts["page_width"] == width, parts
        assert page.locator("header .unread-count").inner_text() == "99+"
        context.close()
