"""Friend requests at the same moment, in real transactions on two connections: two accepts of
one request (a double click, two tabs), two players asking each other, a request racing a staff
block. The first holds its transaction open until the second is seen waiting for a lock; then
each must end as if they had come one after the other. The control shows the race is real:
without the players' row locks the second of two crossing requests fails on the index."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from accounts.friends import services
from accounts.friends.models import FriendRequest, Friendship
from accounts.friends.services import (
    FriendRefused,
    SendOutcome,
    friend_request_accept,
    friend_request_send,
)
from accounts.models import Notification, NotificationKind, User
from accounts.services.blocks import account_block
from tests.accounts.friends.concurrently import one_after_the_other

pytestmark = pytest.mark.django_db(transaction=True)


def make(name: str) -> User:
    return User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)


def test_two_accepts_at_once_make_one_friendship_and_one_notification():
    ann, bob = make("Ann"), make("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)

    def accept() -> User:
        return friend_request_accept(user_id=bob.pk, from_id=ann.pk)

    outcome = one_after_the_other(accept, accept)
    assert outcome["first"] == ann
    second = outcome["second"]
    assert isinstance(second, FriendRefused) and second.code == "already_friends"
    assert sorted(Friendship.objects.values_list("user_id", "friend_id")) == sorted(
        [(ann.pk, bob.pk), (bob.pk, ann.pk)]
    )
    assert Notification.objects.filter(kind=NotificationKind.FRIEND_ACCEPTED).count() == 1


def test_two_players_asking_each_other_at_once_become_friends():
    ann, bob = make("Ann"), make("Bob")
    outcome = one_after_the_other(
        lambda: friend_request_send(user_id=ann.pk, other_id=bob.pk),
        lambda: friend_request_send(user_id=bob.pk, other_id=ann.pk),
    )
    assert outcome["first"].outcome == SendOutcome.REQUESTED
    assert outcome["second"].outcome == SendOutcome.BECAME_FRIENDS
    assert not FriendRequest.objects.exists()
    assert Friendship.objects.count() == 2


def test_control_without_the_locks_the_second_crossing_request_fails(monkeypatch):
    """The same race with the row locks taken out: the second request does not see the first
    (not yet committed), makes its own, and the one-request-a-pair index refuses it once the
    first commits. The locks are what turn it into a friendship."""
    ann, bob = make("Ann"), make("Bob")

    def unlocked(*, user_id: int, other_id: int) -> tuple[User, User]:
        return User.objects.get(pk=user_id), User.objects.get(pk=other_id)

    monkeypatch.setattr(services, "friend_pair_lock", unlocked)
    outcome = one_after_the_other(
        lambda: friend_request_send(user_id=ann.pk, other_id=bob.pk),
        lambda: friend_request_send(user_id=bob.pk, other_id=ann.pk),
    )
    assert outcome["first"].outcome == SendOutcome.REQUESTED
    assert isinstance(outcome["second"], IntegrityError)
    assert list(FriendRequest.objects.values_list("from_user_id", flat=True)) == [ann.pk]
    assert not Friendship.objects.exists()


def test_a_request_racing_a_block_of_its_player_is_refused():
    ann, bob = make("Ann"), make("Bob")
    outcome = one_after_the_other(
        lambda: account_block(user_id=bob.pk),
        lambda: friend_request_send(user_id=ann.pk, other_id=bob.pk),
    )
    assert outcome["first"] is True
    second = outcome["second"]
    assert isinstance(second, FriendRefused) and second.code == "blocked"
    assert not FriendRequest.objects.exists()
    assert not Notification.objects.filter(kind=NotificationKind.FRIEND_REQUEST).exists()
