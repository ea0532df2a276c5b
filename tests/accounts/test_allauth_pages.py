"""Every allauth page renders in the site's own look: the site's header, one centred card, the
site's headings, fields and buttons (templates/allauth/), never allauth's bare defaults."""

from __future__ import annotations

import re

import pytest
from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from allauth.account.utils import user_pk_to_url_str
from allauth.core.ratelimit import respond_429
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

pytestmark = pytest.mark.django_db


def assert_in_site_look(html: str, title: str) -> None:
    assert 'class="site-header"' in html, "not in base.html"
    assert len(re.findall(r'<section class="account-card', html)) == 1, "not one account card"
    assert f'<h1 class="account-title">{title}</h1>' in html
    # allauth's own layout prints a bare "Menu:" list; its form element prints form.as_p
    assert "Menu:" not in html
    assert not re.search(r"<p>\s*<label", html)


@pytest.mark.parametrize(
    ("url_name", "kwargs", "title"),
    [
        ("account_login", {}, "Log in"),
        ("account_signup", {}, "Sign up"),
        ("account_reset_password", {}, "Forgot your password?"),
        ("account_reset_password_done", {}, "Check your e-mail"),
        ("account_reset_password_from_key_done", {}, "Password changed"),
        ("account_email_verification_sent", {}, "Check your e-mail"),
        ("account_inactive", {}, "This account is blocked"),
        ("account_confirm_email", {"key": "no-such-key"}, "Confirm your e-mail address"),
        (
            "account_reset_password_from_key",
            {"uidb36": "0", "key": "no-such-key"},
            "This link does not work",
        ),
    ],
)
def test_every_page_for_visitors_is_in_the_site_look(client, url_name, kwargs, title):
    response = client.get(reverse(url_name, kwargs=kwargs))
    assert response.status_code == 200
    assert_in_site_look(response.content.decode(), title)


@pytest.mark.parametrize(
    ("url_name", "title", "is_own_account_page"),
    [
        ("account_logout", "Log out", True),
        ("account_change_password", "Change password", True),
        ("account_email", "E-mail address", True),
        ("account_reauthenticate", "Confirm it is you", False),
    ],
)
def test_every_page_for_players_is_in_the_site_look(
    client, make_player, url_name, title, is_own_account_page
):
    client.force_login(make_player())
    response = client.get(reverse(url_name))
    assert response.status_code == 200
    html = response.content.decode()
    assert_in_site_look(html, title)
    # a player's own account pages link to one another
    links = 'class="account-tabs"' in html
    assert links == is_own_account_page
    if is_own_account_page:
        assert f'href="{reverse("account_change_password")}"' in html
        assert f'href="{reverse("account_email")}"' in html


def test_a_player_without_a_password_is_offered_to_set_one(client, make_player):
    player = make_player()
    player.set_unusable_password()
    player.save()
    client.force_login(player)
    response = client.get(reverse("account_set_password"))
    assert response.status_code == 200
    assert_in_site_look(response.content.decode(), "Set a password")


def test_a_real_confirmation_link_shows_its_address_and_player(client, make_player):
    player = make_player("Nell", verified=False)
    key = EmailConfirmationHMAC(EmailAddress.objects.get(user=player)).key
    response = client.get(reverse("account_confirm_email", kwargs={"key": key}))
    html = response.content.decode()
    assert_in_site_look(html, "Confirm your e-mail address")
    assert player.email in html and "Nell" in html
    assert "Yes, confirm it" in html


def test_a_real_password_reset_link_shows_the_new_password_form(client, make_player):
    player = make_player()
    path = reverse(
        "account_reset_password_from_key",
        kwargs={
            "uidb36": user_pk_to_url_str(player),
            "key": default_token_generator.make_token(player),
        },
    )
    response = client.get(client.get(path)["Location"])
    html = response.content.decode()
    assert_in_site_look(html, "Choose a new password")
    assert 'name="password1"' in html and 'name="password2"' in html


def test_the_rate_limit_page_is_in_the_site_look(rf):
    request = rf.post(reverse("account_login"))
    request.user = AnonymousUser()
    response = respond_429(request)
    assert response.status_code == 429
    assert_in_site_look(response.content.decode(), "Too many tries")


def test_log_in_and_sign_up_link_to_each_other_keeping_where_the_visitor_was_going(client):
    login = client.get(reverse("account_login") + "?next=/play/").content.decode()
    signup = client.get(reverse("account_signup") + "?next=/play/").content.decode()
    assert f'href="{reverse("account_signup")}?next=%2Fplay%2F"' in login
    assert f'href="{reverse("account_login")}' in signup
    assert 'name="next" value="/play/"' in login and 'name="next" value="/play/"' in signup


def test_fields_have_visible_labels_and_the_site_buttons(client):
    html = client.get(reverse("account_login")).content.decode()
    assert '<label for="id_login">' in html and '<label for="id_password">' in html
    assert re.search(r'<button class="button account-button[^"]*" type="submit">', html)
    # the "forgot your password" link allauth gives the password field, shown as its help
    assert f'href="{reverse("account_reset_password")}"' in html
