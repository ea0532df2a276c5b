"""The friend button on a player's profile (issue 54: "send a friend request from a player's
profile"): its state, and none on my own profile or a blocked player's."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.friends.services import friend_request_accept, friend_request_send
from accounts.services.blocks import account_block

pytestmark = pytest.mark.django_db


def friend_box(client, user_id: int) -> str | None:
    html = client.get(reverse("rankings:profile", args=[user_id])).content.decode()
    found = re.search(r'<div class="profile-friend" id="profile-friend">(.*?)</div>', html, re.S)
    return found.group(1) if found else None


def test_a_strangers_profile_offers_add_friend_and_it_works(client, make_player):
    me, bob = make_player("Me"), make_player("Bob")
    client.force_login(me)
    box = friend_box(client, bob.pk)
    assert 'data-state="none"' in box and "Add friend" in box
    send = reverse("games:friend_request_send", args=[bob.pk])
    assert f'action="{send}"' in box
    profile = reverse("rankings:profile", args=[bob.pk])
    assert f'name="next" value="{profile}"' in box
    response = client.post(send, {"next": profile}, follow=True)
    assert response.redirect_chain == [(profile, 302)]
    assert "Friend request sent: Bob will see it." in response.content.decode()
    box = friend_box(client, bob.pk)
    assert 'data-state="requested"' in box
    assert reverse("friends:cancel", args=[bob.pk]) in box


def test_the_profile_of_one_who_asked_me_offers_accept_and_decline(client, make_player):
    me, bob = make_player("Me"), make_player("Bob")
    friend_request_send(user_id=bob.pk, other_id=me.pk)
    client.force_login(me)
    box = friend_box(client, bob.pk)
    assert 'data-state="asked_you"' in box
    assert reverse("friends:accept", args=[bob.pk]) in box
    assert reverse("friends:decline", args=[bob.pk]) in box
    friend_request_accept(user_id=me.pk, from_id=bob.pk)
    assert 'data-state="friends"' in friend_box(client, bob.pk)


def test_no_button_on_my_own_profile_or_a_blocked_players(client, make_player):
    me, bob = make_player("Me"), make_player("Bob")
    account_block(user_id=bob.pk)
    client.force_login(me)
    assert friend_box(client, me.pk) is None
    assert friend_box(client, bob.pk) is None
