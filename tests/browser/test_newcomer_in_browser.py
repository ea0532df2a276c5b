"""A newcomer in a real browser: opens a friend's invitation link, signs up with a display name,
cannot log in before verifying, follows the e-mailed link, sets their going-under choice and sees
their profile (issue "Accounts ...": "A newcomer can sign up, verify, log in, set their rule
preference and see their profile")."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress

from accounts.models import GoingUnder, Referral, User

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(180)]

PASSWORD = "a long newcomer password 5"
EMAIL = "newcomer@example.com"


@pytest.fixture
def mail_dir(tmp_path, monkeypatch) -> Path:
    """The live site writes its e-mail here (settings: EMAIL_FILE_PATH); listed before
    `live_site` in a test's arguments, so the site's processes inherit it."""
    folder = tmp_path / "mail"
    folder.mkdir()
    monkeypatch.setenv("EMAIL_FILE_PATH", str(folder))
    return folder


def link_in_mail(folder: Path, pattern: str, timeout: float = 15) -> str:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        for message in sorted(folder.glob("*.log")):
            found = re.search(pattern, message.read_text())
            if found:
                return found.group(0)
        time.sleep(0.2)
    raise AssertionError(f"no e-mail with {pattern!r} arrived")


def test_a_newcomer_signs_up_through_an_invitation_verifies_and_sets_their_rules(
    mail_dir, live_site, browser, artifacts
):
    friend = User.objects.create_user("friend@example.com", "pw", display_name="Friendly")
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()

    page.goto(f"{live_site}/accounts/invite/{friend.invite_code}/")
    assert "Friendly invites you to play Euchre" in page.inner_text("main")
    page.click("text=Sign up")
    page.fill("input[name=email]", EMAIL)
    page.fill("input[name=display_name]", "Newbie Nell")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.screenshot(path=artifacts / "newcomer-signup.png")
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r".*/accounts/confirm-email/$"))
    assert "Check your e-mail" in page.inner_text("main")

    # not verified yet: logging in is refused and sends them back to verify
    page.goto(f"{live_site}/accounts/login/")
    page.fill("input[name=login]", EMAIL)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r".*/accounts/confirm-email/$"))
    assert not EmailAddress.objects.get(email=EMAIL).verified

    page.goto(link_in_mail(mail_dir, r"http://[^\s]+/accounts/confirm-email/[^\s/]+/"))
    page.click("form button[type=submit]")
    page.wait_for_load_state()
    assert EmailAddress.objects.get(email=EMAIL).verified
    assert "Newbie Nell" in page.inner_text("header")  # logged in by the confirmation

    page.goto(f"{live_site}/accounts/settings/")
    page.check(f"input[name=going_under][value={GoingUnder.WITHOUT}]")
    page.click("form.settings-form button[type=submit]")
    page.wait_for_load_state()
    page.screenshot(path=artifacts / "newcomer-settings.png")
    newcomer = User.objects.get(email=EMAIL)
    assert newcomer.going_under == GoingUnder.WITHOUT
    assert Referral.objects.get(invited=newcomer).inviter == friend

    page.click("header >> text=Profile")
    page.wait_for_url(re.compile(rf".*/players/{newcomer.pk}/$"))
    profile = page.inner_text("main")
    assert "Newbie Nell" in profile and "Newbie" in profile
    page.screenshot(path=artifacts / "newcomer-profile.png")
