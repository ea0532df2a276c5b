"""Staff review a collusion flag in a real browser: the list of flags and a flag's evidence at
desktop size and on a phone (no sideways scrolling), then a dismissal with a note through the
page's own button. Screenshots are kept in var/test-artifacts/collusion/."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from games.moderation.collusion.models import CollusionFlag
from games.moderation.collusion.services import collusion_review_run
from tests.browser.people import make_player, signed_in_page
from tests.browser.test_phone_layout import PHONE, WIDTH_REPORT
from tests.games.moderation.collusion.conftest import Site, cheating_site_stored

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]


@pytest.fixture
def cheating_site(live_site) -> Site:
    return cheating_site_stored()


def test_staff_read_a_flag_and_dismiss_it_with_a_note(live_site, browser, artifacts, cheating_site):
    folder = artifacts / "collusion"
    folder.mkdir(exist_ok=True)
    collusion_review_run()
    flag = CollusionFlag.objects.get()
    staff = make_player("Stella", is_staff=True, is_superuser=True)
    admin = f"{live_site}/{settings.ADMIN_PATH}games/collusionflag/"

    page = signed_in_page(browser, live_site, staff)
    page.goto(admin)
    row = page.locator("#result_list tbody tr", has_text="Ann and Bob")
    assert "Lead into the partner's unseen voids" in row.inner_text()
    page.screenshot(path=folder / "desktop-list.png", full_page=True)

    row.locator("a", has_text="Ann and Bob").click()
    page.wait_for_selector("text=What chance would give")
    assert page.locator(f'a[href="/games/{flag.sample_game_ids[0]}/"]').count() == 1
    page.screenshot(path=folder / "desktop-flag.png", full_page=True)

    # the example game's record page opens from the flag
    page.locator(f'a[href="/games/{flag.sample_game_ids[0]}/"]').click()
    page.wait_for_url(re.compile(rf".*/games/{flag.sample_game_ids[0]}/$"))
    page.go_back()

    page.fill("#moderation-note", "They are a married couple; checked the games, nothing odd.")
    page.get_by_role("button", name="Dismiss: nothing wrong").click()
    page.wait_for_selector("text=The flag is now: Dismissed.")
    page.screenshot(path=folder / "desktop-dismissed.png", full_page=True)
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.DISMISSED
    assert flag.staff_note.startswith("They are a married couple")
    page.context.close()

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.add_cookies(page_cookies(browser, live_site, staff))
    phone_page = phone.new_page()
    for name, url in (("phone-list", admin), ("phone-flag", f"{admin}{flag.pk}/change/")):
        phone_page.goto(url)
        phone_page.screenshot(path=folder / f"{name}.png", full_page=True)
        report = phone_page.evaluate(WIDTH_REPORT, PHONE["width"])
        assert report["width"] <= PHONE["width"], f"{name} scrolls sideways: {report}"
    phone.close()


def page_cookies(browser, live_site: str, staff) -> list[dict]:
    """The cookies of a fresh login of `staff` (the phone context starts logged in)."""
    page = signed_in_page(browser, live_site, staff)
    cookies = page.context.cookies()
    page.context.close()
    return cookies
