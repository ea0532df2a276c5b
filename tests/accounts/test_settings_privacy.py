"""A player's privacy choices (issue 54): who sees when they are online, who may challenge them
(friends by default, everyone, or nobody), shown and saved on the settings page; and whom each
choice admits."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts.friends.selectors import audience_admits
from accounts.models import Audience, User
from accounts.services.settings import SettingsRefused, privacy_settings_update
from tests.accounts.friends.pairs import befriend

pytestmark = pytest.mark.django_db

SAVE = reverse("accounts:privacy_settings")


def make(name: str) -> User:
    return User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)


def said(response) -> list[str]:
    """The page's messages, less the day's first visit's silver (the economy's, on any page)."""
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    return [message for message in messages if not message.endswith("for today's visit.")]


def checked(html: str, field: str) -> str:
    """The value of the field's checked radio button."""
    (value,) = re.findall(rf'<input type="radio" name="{field}" value="(\w+)"[^>]* checked', html)
    return value


def test_friends_is_the_default_and_the_page_shows_the_choices(client):
    me = make("Ann")
    assert (me.presence_visible_to, me.challenges_from) == (Audience.FRIENDS, Audience.FRIENDS)
    client.force_login(me)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert 'id="privacy"' in html and f'action="{SAVE}"' in html
    for field in ("presence_visible_to", "challenges_from"):
        assert checked(html, field) == "friends"
        assert f'name="{field}" value="nobody"' in html


def test_the_choices_are_saved_and_confirmed(client):
    me = make("Ann")
    client.force_login(me)
    response = client.post(SAVE, {"presence_visible_to": "nobody", "challenges_from": "everyone"})
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:settings") + "#privacy"
    assert said(response) == ["Your privacy choices are saved."]
    me.refresh_from_db()
    assert (me.presence_visible_to, me.challenges_from) == (Audience.NOBODY, Audience.EVERYONE)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert checked(html, "presence_visible_to") == "nobody"
    assert checked(html, "challenges_from") == "everyone"


def test_an_unknown_choice_is_refused_and_nothing_changes(client):
    me = make("Ann")
    client.force_login(me)
    response = client.post(SAVE, {"presence_visible_to": "all", "challenges_from": "nobody"})
    assert said(response) == ["Choose friends, everyone or nobody for each question."]
    with pytest.raises(SettingsRefused) as refused:
        privacy_settings_update(
            user_id=me.pk, presence_visible_to="friends", challenges_from="strangers"
        )
    assert refused.value.field == "challenges_from"
    me.refresh_from_db()
    assert (me.presence_visible_to, me.challenges_from) == (Audience.FRIENDS, Audience.FRIENDS)
    assert client.get(SAVE).status_code == 405


@pytest.mark.parametrize(
    ("audience", "friend", "stranger"),
    [
        (Audience.FRIENDS, True, False),
        (Audience.EVERYONE, True, True),
        (Audience.NOBODY, False, False),
    ],
)
def test_each_choice_admits_whom_it_says(audience, friend, stranger):
    ann, bob, cid = make("Ann"), make("Bob"), make("Cid")
    befriend(ann, bob)
    assert audience_admits(audience=audience, owner_id=ann.pk, viewer_id=bob.pk) is friend
    assert audience_admits(audience=audience, owner_id=ann.pk, viewer_id=cid.pk) is stranger
    assert audience_admits(audience=audience, owner_id=ann.pk, viewer_id=ann.pk) is True
