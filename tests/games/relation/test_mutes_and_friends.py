"""Friends where they meet chat mutes (issue 54: "a mute (a player's) ends and refuses
requests"): muting ends a friendship and the requests either way; while the mute lasts no
request passes between the two, whoever asks, and the muted player is not told of the mute;
the page's "Add friend" button goes through this rule."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts.friends.models import FriendRequest, Friendship
from accounts.friends.services import (
    FriendRefused,
    SendOutcome,
    friend_request_accept,
)
from accounts.friends.services import friend_request_send as accounts_send
from accounts.models import Notification, NotificationKind, User
from games.live.models import ChatMute
from games.live.services.mutes import chat_mute, chat_unmute
from games.relation.services import friend_request_send, muted_between

pytestmark = pytest.mark.django_db


def befriend(one: User, other: User) -> None:
    friend_request_send(user_id=one.pk, other_id=other.pk)
    friend_request_accept(user_id=other.pk, from_id=one.pk)


def said(response) -> list[str]:
    """The page's messages, less the day's first visit's silver (the economy's, on any page)."""
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    return [message for message in messages if not message.endswith("for today's visit.")]


def test_without_a_mute_a_request_is_sent_as_accounts_sends_it(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    assert friend_request_send(user_id=ann.pk, other_id=bob.pk).outcome == SendOutcome.REQUESTED
    assert friend_request_send(user_id=bob.pk, other_id=ann.pk).outcome == (
        SendOutcome.BECAME_FRIENDS
    )
    assert Friendship.objects.count() == 2


def test_muting_a_friend_ends_the_friendship(make_player):
    ann, bob, cid = make_player("Ann"), make_player("Bob"), make_player("Cid")
    befriend(ann, bob)
    befriend(ann, cid)
    assert chat_mute(user_id=bob.pk, muted_id=ann.pk) is True
    assert set(Friendship.objects.values_list("user_id", "friend_id")) == {
        (ann.pk, cid.pk),
        (cid.pk, ann.pk),
    }
    # unmuting restores nothing
    chat_unmute(user_id=bob.pk, muted_id=ann.pk)
    assert not Friendship.objects.filter(user=ann, friend=bob).exists()


@pytest.mark.parametrize("asker", ["muter", "muted"])
def test_muting_ends_a_request_either_way_and_its_notification(make_player, asker):
    ann, bob = make_player("Ann"), make_player("Bob")
    one, other = (ann, bob) if asker == "muter" else (bob, ann)
    friend_request_send(user_id=one.pk, other_id=other.pk)
    chat_mute(user_id=ann.pk, muted_id=bob.pk)
    assert not FriendRequest.objects.exists()
    assert not Notification.objects.filter(kind=NotificationKind.FRIEND_REQUEST).exists()


def test_while_a_mute_lasts_no_request_passes_either_way(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    chat_mute(user_id=ann.pk, muted_id=bob.pk)
    with pytest.raises(FriendRefused) as refused:
        friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert refused.value.code == "muted"
    assert refused.value.message == "You muted Bob: unmute them first to ask them to be friends."
    with pytest.raises(FriendRefused) as refused:
        friend_request_send(user_id=bob.pk, other_id=ann.pk)
    # the muted player is not told of the mute
    assert refused.value.code == "not_taking"
    assert refused.value.message == "Ann is not taking friend requests from you."
    assert "mute" not in refused.value.message
    assert not FriendRequest.objects.exists() and not Notification.objects.exists()
    # once unmuted, a request passes
    chat_unmute(user_id=ann.pk, muted_id=bob.pk)
    assert friend_request_send(user_id=bob.pk, other_id=ann.pk).outcome == SendOutcome.REQUESTED


def test_the_mute_i_made_is_the_one_named_when_we_muted_each_other(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    assert muted_between(user_id=ann.pk, other_id=bob.pk) is None
    chat_mute(user_id=bob.pk, muted_id=ann.pk)
    chat_mute(user_id=ann.pk, muted_id=bob.pk)
    assert muted_between(user_id=ann.pk, other_id=bob.pk).user_id == ann.pk
    assert muted_between(user_id=bob.pk, other_id=ann.pk).user_id == bob.pk


def test_the_accounts_rules_still_apply_through_the_games_service(make_player):
    ann = make_player("Ann")
    with pytest.raises(FriendRefused) as refused:
        friend_request_send(user_id=ann.pk, other_id=ann.pk)
    assert refused.value.code == "self"
    bob = make_player("Bob")
    accounts_send(user_id=ann.pk, other_id=bob.pk)
    with pytest.raises(FriendRefused) as refused:
        friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert refused.value.code == "already_requested"


# ---- the "Add friend" button -----------------------------------------------------------------


def test_the_button_sends_a_request_and_comes_back(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    client.force_login(ann)
    profile = reverse("rankings:profile", args=[bob.pk])
    url = reverse("games:friend_request_send", args=[bob.pk])
    assert url == f"/friends/{bob.pk}/request/"
    response = client.post(url, {"next": profile})
    assert response.status_code == 302 and response["Location"] == profile
    assert said(response) == ["Friend request sent: Bob will see it."]
    assert FriendRequest.objects.filter(from_user=ann, to_user=bob).exists()
    # twice: the refusal, on the page it came back to
    response = client.post(url, {"next": profile}, follow=True)
    assert "You asked Bob already" in response.content.decode()
    assert FriendRequest.objects.count() == 1


def test_the_button_accepts_a_request_made_to_me(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    friend_request_send(user_id=bob.pk, other_id=ann.pk)
    client.force_login(ann)
    response = client.post(reverse("games:friend_request_send", args=[bob.pk]))
    assert response["Location"] == reverse("friends:list")
    assert said(response) == ["Bob had asked you already: you are friends now."]
    assert Friendship.objects.count() == 2


def test_the_button_says_why_a_mute_refuses(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    ChatMute.objects.create(user=bob, muted=ann)
    client.force_login(ann)
    response = client.post(reverse("games:friend_request_send", args=[bob.pk]), follow=True)
    assert "Bob is not taking friend requests from you." in response.content.decode()
    assert not FriendRequest.objects.exists()


def test_the_button_takes_posts_only(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    url = reverse("games:friend_request_send", args=[bob.pk])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(ann)
    assert client.get(url).status_code == 405
    assert not FriendRequest.objects.exists()
