"""Every page a visitor, a player and staff can reach, on a phone (390 by 844) in a real browser:
none may scroll sideways (issue 20: "no overflow on any page of the site at 390 px wide"), the
header stays one row with its links behind a "Menu" button that opens and closes, and a
screenshot of each page is kept in var/test-artifacts/phone/ to be looked at."""

from __future__ import annotations

from dataclasses import asdict

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.test import Client
from django.utils import timezone

from accounts.models import NotificationKind, User
from accounts.services.notifications import notify
from games.engine import RuleOptions
from games.models import Game
from games.moderation.collusion.models import CollusionFlag
from games.moderation.collusion.signals import ResultsEvidence, SittingEvidence
from games.tables.services.tables import table_create, table_start
from leagues.models import League
from leagues.services.leagues import league_create
from rankings.tasks import game_finished
from tests.economy.coins import wallet_set
from tests.games.finished_games import finished_game_store

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

PHONE = {"width": 390, "height": 844}
# one row of the header: the brand's card (39 px) and its padding, never two rows of links
HEADER_ROW_MAX_PX = 64

# How wide the page is, and each element reaching past the screen's right edge unless a
# scrolling box of the page holds it: the suspects named when a page is too wide. A phone's
# browser widens its layout viewport (innerWidth) to a page that overflows and zooms out, so the
# page is measured against the screen's width, not innerWidth.
WIDTH_REPORT = """width => {
  const clipped = node => {
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const name = node => node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") +
    [...node.classList].map(c => "." + c).join("");
  const wide = [...document.querySelectorAll("body *")]
    .filter(node => node.getBoundingClientRect().right > width + 0.5 && !clipped(node))
    .slice(0, 6)
    .map(node => name(node) + " to " + Math.round(node.getBoundingClientRect().right) + "px");
  const page = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  return {width: page, wide: wide};
}"""


def person(name: str, **fields) -> User:
    """A verified person (no password: they are logged in as `force_login` does; the login
    page has its own browser tests, and hashing passwords is slow)."""
    email = f"{name.split()[0].lower()}@example.com"
    user = User.objects.create_user(email, None, display_name=name, **fields)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def phone_context(browser, base_url: str, user: User | None):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    return context


def pages_of_a_player(player: User, friend: User) -> list[tuple[str, str]]:
    """The player's pages, with something on each: coins spent, a table in play, a finished
    game with its points and achievements, a league."""
    wallet_set(player, silver=200)
    table = table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    table_start(game_id=table.pk, user_id=player.pk)
    finished, _ = finished_game_store([player, None, friend, None], seed="phone-layout")
    game_finished(finished.pk)
    # the friend plays a public table against computers: the player may watch it
    wallet_set(friend, silver=200)
    public = table_create(creator_id=friend.pk, kind=Game.Kind.PUBLIC, rules=RuleOptions())
    table_start(game_id=public.pk, user_id=friend.pk)
    league = league_create(
        organiser_id=player.pk,
        name="The Thursday Night Euchre Club",
        description="Cards every Thursday after work, in the back room of the pub.",
        rules=RuleOptions(),
        joining=League.Joining.INVITATION,
        season_length=League.SeasonLength.MONTH,
        creation_key="",
    )
    # the notifications page: a long word that must wrap, and more than a page (the pager and
    # "Mark all read" for the ones the page does not show)
    for number in range(24):
        notify(
            recipient_id=player.pk,
            kind=NotificationKind.COINS_CREDITED,
            text=f"The staff credited you {number} gold: a server fault in your game",
            link="/coins/",
        )
    notify(
        recipient_id=player.pk,
        kind=NotificationKind.WARNING,
        text="A warning from the staff: " + "Nooooooooooooooooooo" * 4 + " advertising.",
    )
    return [
        ("home", "/"),
        ("lobby", "/play/"),
        ("table-new", "/tables/new/"),
        ("table", f"/tables/{table.pk}/"),  # drawn by its script: see DRAWN_BY_SCRIPT
        ("watch", f"/tables/{public.pk}/watch/"),
        ("rules", "/rules/"),
        ("computer-players", "/computer-players/"),
        ("record", f"/games/{finished.pk}/"),
        ("rankings", "/rankings/"),
        ("champions", "/champions/"),
        ("leagues", "/leagues/"),
        ("league-new", "/leagues/new/"),
        ("league", f"/leagues/{league.pk}/"),
        ("league-season", f"/leagues/{league.pk}/seasons/1/"),
        ("league-edit", f"/leagues/{league.pk}/edit/"),
        ("profile", f"/players/{player.pk}/"),
        ("friend-profile", f"/players/{friend.pk}/"),
        ("games", f"/players/{player.pk}/games/"),
        ("friend-games", f"/players/{friend.pk}/games/"),
        ("settings", "/accounts/settings/"),
        ("notifications", "/notifications/"),
        ("email", "/accounts/email/"),
        ("password", "/accounts/password/change/"),
        ("coins", "/coins/"),
        ("buy-gold", "/coins/buy/"),
        ("achievements", "/achievements/"),
        ("muted", "/play/muted/"),
        ("friends", "/friends/?q=a"),
        ("log-out", "/accounts/logout/"),
    ]


def pages_of_a_visitor(inviter: User) -> list[tuple[str, str]]:
    return [
        ("home", "/"),
        ("sign-up", "/accounts/signup/"),
        ("log-in", "/accounts/login/"),
        ("password-reset", "/accounts/password/reset/"),
        ("invitation", f"/accounts/invite/{inviter.invite_code}/"),
        ("rules", "/rules/"),
        ("computer-players", "/computer-players/"),
    ]


def staff_pages(player: User, friend: User) -> list[tuple[str, str]]:
    """The admin's own pages, and the site's header with the Admin link in it; the collusion
    review's list and a flag of the player and their friend (both long names in its tables)."""
    admin = "/" + settings.ADMIN_PATH
    flag = collusion_flag_of(player, friend)
    return [
        ("home", "/"),
        ("admin", admin),
        ("admin-games", f"{admin}games/game/"),
        ("admin-collusion", f"{admin}games/collusionflag/"),
        ("admin-collusion-flag", f"{admin}games/collusionflag/{flag.pk}/change/"),
    ]


def collusion_flag_of(player: User, friend: User) -> CollusionFlag:
    low, high = sorted([player, friend], key=lambda user: user.pk)
    games = Game.objects.filter(seats__user=player, status=Game.Status.FINISHED)
    return CollusionFlag.objects.create(
        player_low=low,
        player_high=high,
        kinds=["sitting", "results"],
        evidence={
            "sitting": asdict(SittingEvidence(14, 1.25, 2e-9, (40, 31), (), True)),
            "results": asdict(ResultsEvidence(30, 24, (50, 40), (26, 19), 3.4, 3e-4, (), True)),
        },
        sample_game_ids=list(games.values_list("pk", flat=True)),
        computed_at=timezone.now(),
    )


# pages whose script draws them after the load, from the socket's first frame: measured once
# the player's cards are on the page
DRAWN_BY_SCRIPT = {"table": "[data-card]", "watch": "#felt .seat-name"}


def too_wide(page, base_url: str, path: str, shot, drawn: str | None = None) -> str | None:
    """Opens the page, keeps its screenshot, and says how it scrolls sideways if it does."""
    response = page.goto(base_url + path)
    assert response is not None and response.ok, f"{path} answered {response and response.status}"
    if drawn:
        page.wait_for_selector(drawn, timeout=15_000)
    page.screenshot(path=shot, full_page=True)
    report = page.evaluate(WIDTH_REPORT, PHONE["width"])
    if report["width"] <= PHONE["width"]:
        return None
    return (
        f"{path} is {report['width']}px wide on a {PHONE['width']}px screen; "
        f"reaching past the edge: {', '.join(report['wide']) or 'nothing named'}"
    )


def menu_opens_and_closes(page, shot) -> None:
    """The header's links hide behind the "Menu" button, which shows them without widening
    the page; Escape hides them again."""
    log_out = page.locator("header a", has_text="Log out")
    button = page.locator("header button.menu-toggle")
    assert not log_out.is_visible(), "the menu's links show before the menu is opened"
    assert button.get_attribute("aria-expanded") == "false"
    button.click()
    log_out.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    page.screenshot(path=shot)
    report = page.evaluate(WIDTH_REPORT, PHONE["width"])
    assert report["width"] <= PHONE["width"], f"the open menu widens the page: {report}"
    page.keyboard.press("Escape")
    log_out.wait_for(state="hidden")


def test_no_page_scrolls_sideways_on_a_phone_and_the_menu_opens(live_site, browser, artifacts):
    folder = artifacts / "phone"
    folder.mkdir(exist_ok=True)
    player = person("Maximiliana")
    # names as long as a display name may be (30) stretch the tables and headings that show them
    friend = person("Bartholomew Fitzgerald-Smythe")
    staff = person("Stella", is_staff=True, is_superuser=True)
    roles = [
        ("visitor", None, pages_of_a_visitor(player)),
        ("player", player, pages_of_a_player(player, friend)),
        ("staff", staff, staff_pages(player, friend)),
    ]

    problems = []
    for role, user, pages in roles:
        context = phone_context(browser, live_site, user)
        page = context.new_page()
        for name, path in pages:
            shot = folder / f"{role}-{name}.png"
            problem = too_wide(page, live_site, path, shot, DRAWN_BY_SCRIPT.get(name))
            if problem:
                problems.append(f"{role}: {problem}")
        page.goto(f"{live_site}/")
        header = page.locator("header.site-header").bounding_box()
        assert header and header["height"] <= HEADER_ROW_MAX_PX, (
            f"the {role}'s header is {header and header['height']}px high: more than one row"
        )
        if user is not None:
            menu_opens_and_closes(page, folder / f"{role}-menu-open.png")
        context.close()

    assert not problems, "pages scroll sideways on a phone:\n" + "\n".join(problems)
