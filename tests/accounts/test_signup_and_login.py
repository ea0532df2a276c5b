"""Sign-up with a display name, mandatory e-mail verification, logging in, throttled logins,
password reset without revealing who has an account, changing password and e-mail address, and
invitations recorded at sign-up: allauth's own views with the site's form and adapter."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from allauth.core.context import request_context
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.middleware import SessionMiddleware
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Referral, User
from accounts.services.referrals import INVITE_SESSION_KEY
from accounts.signup_form import SignupForm
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another long password 2"


def sign_up(client: Client, *, email: str, display_name: str, password: str = PASSWORD):
    return client.post(
        reverse("account_signup"),
        {
            "email": email,
            "display_name": display_name,
            "password1": password,
            "password2": password,
        },
    )


def log_in(client: Client, *, email: str, password: str = PASSWORD):
    return client.post(reverse("account_login"), {"login": email, "password": password})


def logged_in_user_id(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def link_in(message, path_start: str) -> str:
    """The path of the first link in an e-mail whose path starts with `path_start`."""
    match = re.search(r"https?://[^/\s]+(" + re.escape(path_start) + r"\S*)", message.body)
    assert match, f"no {path_start} link in:\n{message.body}"
    return match.group(1)


def field_errors(html: str, field: str) -> str:
    """The text of the error list printed right under the field's input."""
    match = re.search(
        r'<div class="account-field has-error">\s*<label for="id_' + field + r'".*?</div>',
        html,
        re.S,
    )
    assert match, f"no error shown at the {field} field"
    errors = re.search(r'<ul class="account-errors"[^>]*>(.*?)</ul>', match.group(0), re.S)
    assert errors, f"no error list at the {field} field"
    return errors.group(1)


# ---- signing up -------------------------------------------------------------------------------


def test_signing_up_stores_the_display_name_and_sends_the_verification_email(client, mailoutbox):
    response = sign_up(client, email="Ann.Lee@Example.com", display_name="  Ann   Lee ")

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    player = User.objects.get(email="ann.lee@example.com")
    assert player.display_name == "Ann Lee"  # outer spaces dropped, inner runs made one
    assert player.check_password(PASSWORD)
    assert not EmailAddress.objects.get(user=player).verified
    assert logged_in_user_id(client) is None
    [message] = mailoutbox
    assert message.to == ["ann.lee@example.com"]
    assert message.subject.startswith("[Euchre] ")
    assert "Euchre online" in message.body and "Ann Lee" in message.body
    assert link_in(message, "/accounts/confirm-email/")


def test_login_is_refused_until_the_address_is_verified_then_works(client, mailoutbox):
    sign_up(client, email="bo@example.com", display_name="Bo")
    confirm_path = link_in(mailoutbox[0], "/accounts/confirm-email/")

    elsewhere = Client()
    refused = log_in(elsewhere, email="bo@example.com")
    assert refused.status_code == 302
    assert refused["Location"] == reverse("account_email_verification_sent")
    assert logged_in_user_id(elsewhere) is None

    # the link shows a page with a button (mail scanners that open links confirm nothing)
    page = Client().get(confirm_path)
    assert page.status_code == 200
    assert "Yes, confirm it" in page.content.decode()
    assert not EmailAddress.objects.get(email="bo@example.com").verified
    Client().post(confirm_path)
    assert EmailAddress.objects.get(email="bo@example.com").verified

    accepted = log_in(elsewhere, email="bo@example.com")
    assert accepted.status_code == 302
    assert accepted["Location"] == "/"
    assert logged_in_user_id(elsewhere) == str(User.objects.get(email="bo@example.com").pk)


def test_confirming_in_the_browser_that_signed_up_logs_the_newcomer_in(client, mailoutbox):
    sign_up(client, email="cy@example.com", display_name="Cy")
    response = client.post(link_in(mailoutbox[0], "/accounts/confirm-email/"))
    assert response.status_code == 302
    assert logged_in_user_id(client) == str(User.objects.get(email="cy@example.com").pk)


def test_a_display_name_taken_in_another_case_is_refused_with_the_reason(client, make_player):
    make_player("Alice")
    response = sign_up(client, email="other@example.com", display_name="aLICE")

    assert response.status_code == 200
    assert "That display name is taken" in field_errors(response.content.decode(), "display_name")
    assert not User.objects.filter(email="other@example.com").exists()


@pytest.mark.parametrize(
    ("display_name", "reason"),
    [
        ("A", "at least 2 characters"),
        ("x" * 31, "at most 30 characters"),
        ("Ann<b>", "only letters, digits, spaces and . _ -"),
        ("Ann@home", "only letters, digits, spaces and . _ -"),
        ("...", "at least one letter or digit"),
    ],
)
def test_a_display_name_breaking_the_rules_is_refused_with_the_reason(client, display_name, reason):
    response = sign_up(client, email="dee@example.com", display_name=display_name)

    assert response.status_code == 200
    errors = field_errors(response.content.decode(), "display_name")
    assert reason in errors.replace("&lt;", "<")
    assert not User.objects.filter(email="dee@example.com").exists()


def test_letters_of_any_alphabet_and_the_allowed_marks_make_a_name(client):
    response = sign_up(client, email="zoe@example.com", display_name="Zoë_O.Neil-2")
    assert response.status_code == 302
    assert User.objects.get(email="zoe@example.com").display_name == "Zoë_O.Neil-2"


def test_a_name_taken_between_the_check_and_the_save_is_refused_with_the_reason(rf):
    """Two newcomers choose one name at the same moment: both forms pass their check, the
    database's unique index refuses the second, and the second is told why."""
    form = SignupForm(
        data={
            "email": "late@example.com",
            "display_name": "Racer",
            "password1": PASSWORD,
            "password2": PASSWORD,
        }
    )
    request = rf.post(reverse("account_signup"))
    SessionMiddleware(lambda request: None).process_request(request)
    request.user = AnonymousUser()
    with request_context(request):
        assert form.is_valid(), form.errors
        User.objects.create_user("first@example.com", PASSWORD, display_name="RACER")
        user, response = form.try_save(request)

    assert user is None
    response.render()
    assert response.status_code == 200
    assert "That display name is taken" in field_errors(response.content.decode(), "display_name")
    assert not User.objects.filter(email="late@example.com").exists()
    assert not EmailAddress.objects.filter(email="late@example.com").exists()


def test_signing_up_with_an_address_that_has_an_account_looks_like_any_sign_up(
    client, make_player, mailoutbox
):
    owner = make_player("Owner", email="owner@example.com")
    response = sign_up(client, email="owner@example.com", display_name="Someone")

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert list(User.objects.filter(email="owner@example.com")) == [owner]
    [message] = mailoutbox
    assert message.to == ["owner@example.com"]
    assert "already uses it" in message.body


# ---- invitations ----------------------------------------------------------------------------


def test_a_visitor_who_opened_an_invitation_link_and_signs_up_is_recorded_as_invited(
    client, make_player
):
    alice = make_player("Alice")
    client.get(reverse("accounts:invite", args=[alice.invite_code]))
    assert sign_up(client, email="newcomer@example.com", display_name="Newcomer").status_code == 302

    newcomer = User.objects.get(email="newcomer@example.com")
    referral = Referral.objects.get(invited=newcomer)
    assert referral.inviter == alice
    assert referral.qualified_at is None
    assert INVITE_SESSION_KEY not in client.session


def test_a_bogus_invitation_code_does_not_stop_a_sign_up(client):
    session = client.session
    session[INVITE_SESSION_KEY] = "no-such-code"
    session.save()

    assert sign_up(client, email="newcomer@example.com", display_name="Newcomer").status_code == 302
    assert User.objects.filter(email="newcomer@example.com").exists()
    assert not Referral.objects.exists()
    assert INVITE_SESSION_KEY not in client.session


def test_a_sign_up_without_an_invitation_records_no_referral(client, make_player):
    make_player("Alice")
    sign_up(client, email="newcomer@example.com", display_name="Newcomer")
    assert User.objects.filter(email="newcomer@example.com").exists()
    assert not Referral.objects.exists()


# ---- logging in -----------------------------------------------------------------------------


def test_a_verified_player_logs_in_by_email_and_out(client, make_player):
    player = make_player("Dot")
    response = log_in(client, email=player.email.upper())
    assert response.status_code == 302
    assert logged_in_user_id(client) == str(player.pk)

    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert logged_in_user_id(client) is None


def test_a_wrong_password_is_refused_with_the_reason(client, make_player):
    player = make_player("Eve")
    response = log_in(client, email=player.email, password="not it")
    assert response.status_code == 200
    assert "The email address and/or password you specified are not correct." in (
        response.content.decode()
    )
    assert logged_in_user_id(client) is None


def test_repeated_failed_logins_are_throttled(client, make_player):
    player = make_player("Fay")
    answers = [log_in(client, email=player.email, password="guess") for _ in range(5)]
    assert all("are not correct" in answer.content.decode() for answer in answers)

    # five wrong passwords for one address: even the right one is refused for a while
    locked = log_in(client, email=player.email)
    assert locked.status_code == 200
    assert "Too many failed login attempts. Try again later." in locked.content.decode()
    assert logged_in_user_id(client) is None

    # thirty tries a minute from one IP address, whatever the accounts, then 429
    tries_so_far = len(answers) + 1
    more = [log_in(client, email=f"guess{n}@example.com") for n in range(30 - tries_so_far)]
    assert [answer.status_code for answer in more] == [200] * len(more)
    throttled = log_in(client, email="one.more@example.com")
    assert throttled.status_code == 429
    page = throttled.content.decode()
    assert "Too many tries" in page
    assert 'class="site-header"' in page and "account-card" in page


def test_a_blocked_player_is_told_the_account_is_blocked(client, make_player):
    player = make_player("Gil")
    User.objects.filter(pk=player.pk).update(is_active=False, blocked_at=timezone.now())

    response = log_in(client, email=player.email)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_inactive")
    assert logged_in_user_id(client) is None
    page = client.get(response["Location"]).content.decode()
    assert "This account has been blocked by staff" in page


# ---- password reset -------------------------------------------------------------------------


def test_a_password_reset_looks_the_same_for_an_unknown_address_as_for_a_known_one(
    make_player, mailoutbox
):
    player = make_player("Hal")
    answers = {}
    for email in (player.email, "nobody@example.com"):
        client = Client()
        response = client.post(reverse("account_reset_password"), {"email": email})
        page = client.get(response["Location"])
        answers[email] = (response.status_code, response["Location"], page.content.decode())

    assert answers[player.email] == answers["nobody@example.com"]
    status, location, page = answers[player.email]
    assert (status, location) == (302, reverse("account_reset_password_done"))
    assert "If that address belongs to an account" in page
    to_player = [message for message in mailoutbox if message.to == [player.email]]
    to_nobody = [message for message in mailoutbox if message.to == ["nobody@example.com"]]
    assert len(to_player) == 1 and link_in(to_player[0], "/accounts/password/reset/key/")
    assert all("/password/reset/key/" not in message.body for message in to_nobody)


def test_a_password_reset_link_sets_a_new_password(client, make_player, mailoutbox):
    player = make_player("Ida")
    client.post(reverse("account_reset_password"), {"email": player.email})
    # allauth moves the key from the link into the session before showing the form
    opened = client.get(link_in(mailoutbox[0], "/accounts/password/reset/key/"))
    form_path = opened["Location"]
    assert "Choose a new password" in client.get(form_path).content.decode()

    done = client.post(form_path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert done["Location"] == reverse("account_reset_password_from_key_done")
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)
    assert log_in(Client(), email=player.email, password=NEW_PASSWORD).status_code == 302


# ---- password and e-mail changes ------------------------------------------------------------


def test_a_player_changes_their_password(client, make_player, mailoutbox):
    player = make_player("Jo")
    client.force_login(player)

    wrong = client.post(
        reverse("account_change_password"),
        {"oldpassword": "not it", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200
    assert "Please type your current password." in field_errors(
        wrong.content.decode(), "oldpassword"
    )

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)
    assert logged_in_user_id(client) == str(player.pk)  # still logged in here
    [notice] = mailoutbox
    assert notice.to == [player.email] and "Your password was changed." in notice.body


def test_a_player_changes_their_email_address_once_the_new_one_is_confirmed(
    client, make_player, mailoutbox
):
    player = make_player("Kit")
    old_email = player.email
    client.force_login(player)

    response = client.post(reverse("account_email"), {"action_add": "", "email": "kit@new.example"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.email == old_email  # nothing changes before the new address is confirmed
    [confirm] = mailoutbox
    assert confirm.to == ["kit@new.example"]

    client.post(link_in(confirm, "/accounts/confirm-email/"))
    player.refresh_from_db()
    assert player.email == "kit@new.example"
    assert list(EmailAddress.objects.filter(user=player).values_list("email", flat=True)) == [
        "kit@new.example"
    ]
    assert any(
        message.to == [old_email] and "kit@new.example" in message.body for message in mailoutbox
    )
    assert log_in(Client(), email="kit@new.example").status_code == 302
