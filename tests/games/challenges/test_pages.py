"""The challenge pages: the form (the private table's rules form, whom, where they sit), the
prompt on every page of the challenged player, the answers; thin views with clear messages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from games.challenges.models import Challenge
from games.models import Game

from .conftest import NOBODY

pytestmark = pytest.mark.django_db


def test_a_friend_is_challenged_from_the_friends_page_and_answers_from_any_page(client, friends):
    ann, bob = friends
    client.force_login(ann)
    friends_page = client.get(reverse("friends:list")).content.decode()
    form_url = f"{reverse('games:challenge_new')}?to={bob.pk}"
    assert f'href="{form_url}"' in friends_page
    form = client.get(form_url).content.decode()
    assert "Challenge Bob" in form and 'name="seat"' in form and 'name="preset"' in form
    response = client.post(
        reverse("games:challenge_new"),
        {
            "to": bob.pk,
            "preset": "three_handed",
            "variant": "three_handed",
            "seat": "against",
            "computer_level": "easy",
            "target_score": "10",
        },
    )
    assert response["Location"] == reverse("games:challenges")
    sent = Challenge.objects.get()
    assert sent.rules["variant"] == "three_handed" and sent.computer_level == "easy"
    mine = client.get(response["Location"]).content.decode()
    outgoing = mine[mine.index('id="challenges-outgoing"') :]
    assert "Bob: Three-handed, to 10, against them, 1 easy computer" in outgoing
    assert reverse("games:challenge_cancel", args=[sent.pk]) in outgoing
    client.force_login(bob)
    # the notification's link: the challenge, with its answers
    linked = client.get(reverse("games:challenge", args=[sent.pk])).content.decode()
    assert "Ann challenges you" in linked
    assert reverse("games:challenge_accept", args=[sent.pk]) in linked
    page = client.get(reverse("rankings:ranking")).content.decode()  # any page of the site
    assert f'data-challenge-id="{sent.pk}"' in page and "Ann</span> challenges you" in page
    response = client.post(reverse("games:challenge_accept", args=[sent.pk]))
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.pk])
    again = client.post(reverse("games:challenge_accept", args=[sent.pk]), follow=True)
    assert "You accepted this challenge already." in again.content.decode()
    answered = client.get(reverse("games:challenge", args=[sent.pk])).content.decode()
    assert reverse("games:table", args=[game.pk]) in answered and "Accepted" in answered
    assert f'data-challenge-id="{sent.pk}"' not in answered  # no prompt left


def test_the_form_says_at_once_when_a_player_takes_no_challenges(client, friends):
    ann, bob = friends
    User.objects.filter(pk=bob.pk).update(challenges_from=NOBODY)
    client.force_login(ann)
    page = client.get(f"{reverse('games:challenge_new')}?to={bob.pk}").content.decode()
    assert "Bob is not taking challenges from you." in page and 'name="seat"' not in page
    profile = client.get(reverse("rankings:profile", args=[bob.pk])).content.decode()
    assert "challenge-button" not in profile
    User.objects.filter(pk=bob.pk).update(challenges_from="friends")
    profile = client.get(reverse("rankings:profile", args=[bob.pk])).content.decode()
    assert f"?to={bob.pk}" in profile


def test_impossible_rules_are_refused_on_the_form_with_the_engines_words(client, friends):
    ann, bob = friends
    client.force_login(ann)
    response = client.post(
        reverse("games:challenge_new"),
        {
            "to": bob.pk,
            "preset": "custom",
            "variant": "two_handed",
            "robson": "on",
            "seat": "against",
        },
    )
    assert response.status_code == 200
    assert "robson needs fixed partnerships" in response.content.decode()
    assert not Challenge.objects.exists()


def test_no_player_or_a_stranger_sees_nothing(client, friends, make_player):
    ann, bob = friends
    client.force_login(ann)
    assert client.get(f"{reverse('games:challenge_new')}?to=nobody")["Location"] == reverse(
        "friends:list"
    )
    client.post(
        reverse("games:challenge_new"),
        {"to": bob.pk, "preset": "standard", "seat": "partner"},
    )
    sent = Challenge.objects.get()
    client.force_login(make_player("Carl"))
    assert client.get(reverse("games:challenge", args=[sent.pk])).status_code == 404
    refused = client.post(reverse("games:challenge_accept", args=[sent.pk]), follow=True)
    assert "This challenge was not sent to you." in refused.content.decode()
    assert not Game.objects.exists()
