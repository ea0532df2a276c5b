"""A mute and a friend request between the same two players at the same moment, in real
transactions on two connections: whichever comes first, no request outlives the mute."""

from __future__ import annotations

import pytest

from accounts.friends.models import FriendRequest
from accounts.friends.services import FriendRefused, SendOutcome
from accounts.models import Notification, NotificationKind, User
from games.live.services.mutes import chat_mute
from games.relation.services import friend_request_send
from tests.accounts.friends.concurrently import one_after_the_other

pytestmark = pytest.mark.django_db(transaction=True)


def make(name: str) -> User:
    return User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)


def test_a_request_waiting_behind_a_mute_is_refused():
    ann, bob = make("Ann"), make("Bob")
    outcome = one_after_the_other(
        lambda: chat_mute(user_id=ann.pk, muted_id=bob.pk),
        lambda: friend_request_send(user_id=bob.pk, other_id=ann.pk),
    )
    assert outcome["first"] is True
    second = outcome["second"]
    assert isinstance(second, FriendRefused) and second.code == "not_taking"
    assert not FriendRequest.objects.exists()


def test_a_mute_waiting_behind_a_request_ends_it():
    ann, bob = make("Ann"), make("Bob")
    outcome = one_after_the_other(
        lambda: friend_request_send(user_id=bob.pk, other_id=ann.pk),
        lambda: chat_mute(user_id=ann.pk, muted_id=bob.pk),
    )
    assert outcome["first"].outcome == SendOutcome.REQUESTED
    assert outcome["second"] is True
    assert not FriendRequest.objects.exists()
    assert not Notification.objects.filter(kind=NotificationKind.FRIEND_REQUEST).exists()
