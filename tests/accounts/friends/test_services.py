"""Friend requests and friendships (issue 54): send, accept, decline, cancel, remove; each
refusal with its reason and nothing made; a request to someone who asked me accepts theirs; a
staff block ends everything and refuses anything new; the notifications each step makes or
takes back."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts.friends.models import FriendRequest, Friendship
from accounts.friends.selectors import FriendState, friend_state, friend_states
from accounts.friends.services import (
    FriendRefused,
    SendOutcome,
    friend_relation_end,
    friend_request_accept,
    friend_request_cancel,
    friend_request_decline,
    friend_request_send,
    friendship_remove,
)
from accounts.models import Notification, NotificationKind, User
from accounts.services.blocks import account_block, account_unblock
from games.moderation.services.decisions import player_block
from tests.accounts.friends.pairs import befriend

pytestmark = pytest.mark.django_db


def friends_of(user: User) -> set[int]:
    return set(Friendship.objects.filter(user=user).values_list("friend_id", flat=True))


def requests_between(one: User, other: User) -> list[tuple[int, int]]:
    return list(
        FriendRequest.objects.filter(
            from_user__in=[one, other], to_user__in=[one, other]
        ).values_list("from_user_id", "to_user_id")
    )


def notifications_of(user: User, kind: NotificationKind) -> list[Notification]:
    return list(Notification.objects.filter(recipient=user, kind=kind))


def refused(code: str, act, *args, **kwargs) -> FriendRefused:
    with pytest.raises(FriendRefused) as caught:
        act(*args, **kwargs)
    assert caught.value.code == code, caught.value.message
    return caught.value


# ---- sending -------------------------------------------------------------------------------


def test_a_request_waits_for_the_other_and_tells_them(player, django_capture_on_commit_callbacks):
    ann, bob = player("Ann"), player("Bob")
    with django_capture_on_commit_callbacks(execute=True):
        sent = friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert sent.outcome == SendOutcome.REQUESTED and sent.other == bob
    assert requests_between(ann, bob) == [(ann.pk, bob.pk)]
    assert friends_of(ann) == friends_of(bob) == set()
    (told,) = notifications_of(bob, NotificationKind.FRIEND_REQUEST)
    assert told.text == "Ann asked to be your friend."
    assert told.link == reverse("friends:list")
    assert notifications_of(ann, NotificationKind.FRIEND_REQUEST) == []
    # a notification a player should not miss: e-mailed, as their setting allows
    assert [message.to for message in mail.outbox] == [[bob.email]]
    assert "Ann asked to be your friend." in mail.outbox[0].body
    assert friend_state(user_id=ann.pk, other_id=bob.pk) == FriendState.REQUESTED
    assert friend_state(user_id=bob.pk, other_id=ann.pk) == FriendState.ASKED_YOU


def test_no_mail_for_a_player_who_turned_mails_off(player, django_capture_on_commit_callbacks):
    ann, bob = player("Ann"), player("Bob", notification_emails=False)
    with django_capture_on_commit_callbacks(execute=True):
        friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert len(notifications_of(bob, NotificationKind.FRIEND_REQUEST)) == 1
    assert mail.outbox == []


def test_a_request_to_myself_is_refused(player):
    ann = player("Ann")
    refusal = refused("self", friend_request_send, user_id=ann.pk, other_id=ann.pk)
    assert refusal.message == "You cannot be your own friend."
    assert not FriendRequest.objects.exists()


def test_a_request_to_nobody_is_refused(player):
    ann = player("Ann")
    refused("no_player", friend_request_send, user_id=ann.pk, other_id=ann.pk + 1000)
    assert not FriendRequest.objects.exists()


def test_a_request_to_a_blocked_or_inactive_player_is_refused(player):
    ann, bob, cid = player("Ann"), player("Bob"), player("Cid", is_active=False)
    account_block(user_id=bob.pk)
    refusal = refused("blocked", friend_request_send, user_id=ann.pk, other_id=bob.pk)
    assert refusal.message == "Bob's account is blocked: they cannot make friends."
    refused("blocked", friend_request_send, user_id=ann.pk, other_id=cid.pk)
    # nor can a blocked player ask (their session is refused too; the service says no as well)
    refused("blocked_me", friend_request_send, user_id=bob.pk, other_id=ann.pk)
    assert not FriendRequest.objects.exists() and not Notification.objects.exists()


def test_asking_twice_is_refused_and_makes_one_request_and_one_notification(player):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    refusal = refused("already_requested", friend_request_send, user_id=ann.pk, other_id=bob.pk)
    assert refusal.message == "You asked Bob already: your request waits for their answer."
    assert requests_between(ann, bob) == [(ann.pk, bob.pk)]
    assert len(notifications_of(bob, NotificationKind.FRIEND_REQUEST)) == 1


def test_asking_a_friend_is_refused(player):
    ann, bob = player("Ann"), player("Bob")
    befriend(ann, bob)
    for me, other in ((ann, bob), (bob, ann)):
        refusal = refused("already_friends", friend_request_send, user_id=me.pk, other_id=other.pk)
        assert refusal.message == f"You and {other.display_name} are friends."
    assert not FriendRequest.objects.exists()


def test_asking_someone_who_asked_me_accepts_their_request(
    player, django_capture_on_commit_callbacks
):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    with django_capture_on_commit_callbacks(execute=True):
        sent = friend_request_send(user_id=bob.pk, other_id=ann.pk)
    assert sent.outcome == SendOutcome.BECAME_FRIENDS
    assert friends_of(ann) == {bob.pk} and friends_of(bob) == {ann.pk}
    assert requests_between(ann, bob) == []
    (told,) = notifications_of(ann, NotificationKind.FRIEND_ACCEPTED)
    assert told.text == "Bob accepted your friend request: you are friends now."
    assert notifications_of(bob, NotificationKind.FRIEND_REQUEST)[0].is_read
    assert [message.to for message in mail.outbox] == [[ann.email]]


def test_the_database_keeps_one_request_a_pair_whichever_way(player):
    """The constraint behind the locks: a request the other way is refused by the index."""
    ann, bob = player("Ann"), player("Bob")
    FriendRequest.objects.create(from_user=ann, to_user=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        FriendRequest.objects.create(from_user=bob, to_user=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        FriendRequest.objects.create(from_user=ann, to_user=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(user=ann, friend=ann)
    Friendship.objects.create(user=ann, friend=bob)
    with pytest.raises(IntegrityError), transaction.atomic():
        Friendship.objects.create(user=ann, friend=bob)


# ---- answering -----------------------------------------------------------------------------


def test_accepting_makes_both_rows_and_tells_the_one_who_asked(player):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert friend_request_accept(user_id=bob.pk, from_id=ann.pk) == ann
    assert friends_of(ann) == {bob.pk} and friends_of(bob) == {ann.pk}
    assert not FriendRequest.objects.exists()
    assert len(notifications_of(ann, NotificationKind.FRIEND_ACCEPTED)) == 1
    # Bob answered it: his notification of the request is read
    assert all(n.is_read for n in notifications_of(bob, NotificationKind.FRIEND_REQUEST))
    assert friend_states(user_id=ann.pk, other_ids=[bob.pk, ann.pk]) == {
        bob.pk: FriendState.FRIENDS,
        ann.pk: FriendState.SELF,
    }


def test_accepting_twice_or_what_was_never_asked_is_refused(player):
    ann, bob, cid = player("Ann"), player("Bob"), player("Cid")
    refusal = refused("no_request", friend_request_accept, user_id=bob.pk, from_id=ann.pk)
    assert refusal.message == "Ann's friend request is no longer waiting."
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    # only the one asked may accept: the asker cannot accept their own request
    refused("no_request", friend_request_accept, user_id=ann.pk, from_id=bob.pk)
    refused("no_request", friend_request_accept, user_id=cid.pk, from_id=ann.pk)
    friend_request_accept(user_id=bob.pk, from_id=ann.pk)
    refused("already_friends", friend_request_accept, user_id=bob.pk, from_id=ann.pk)
    assert Friendship.objects.count() == 2
    assert len(notifications_of(ann, NotificationKind.FRIEND_ACCEPTED)) == 1


def test_declining_ends_the_request_quietly_and_they_may_ask_again(player):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert friend_request_decline(user_id=bob.pk, from_id=ann.pk) == ann
    assert not FriendRequest.objects.exists() and not Friendship.objects.exists()
    assert notifications_of(ann, NotificationKind.FRIEND_ACCEPTED) == []
    assert notifications_of(ann, NotificationKind.FRIEND_REQUEST) == []
    refused("no_request", friend_request_decline, user_id=bob.pk, from_id=ann.pk)
    # a new request is a new event: told again
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert len(notifications_of(bob, NotificationKind.FRIEND_REQUEST)) == 2


def test_cancelling_takes_back_the_request_and_its_notification(player):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    assert friend_request_cancel(user_id=ann.pk, to_id=bob.pk) == bob
    assert not FriendRequest.objects.exists()
    assert notifications_of(bob, NotificationKind.FRIEND_REQUEST) == []
    refusal = refused("no_request", friend_request_cancel, user_id=ann.pk, to_id=bob.pk)
    assert refusal.message == "Your friend request to Bob is no longer waiting: they answered it."


def test_the_one_asked_cannot_cancel_the_request(player):
    ann, bob = player("Ann"), player("Bob")
    friend_request_send(user_id=ann.pk, other_id=bob.pk)
    refused("no_request", friend_request_cancel, user_id=bob.pk, to_id=ann.pk)
    assert requests_between(ann, bob) == [(ann.pk, bob.pk)]


@pytest.mark.parametrize("side", ["asker", "accepter"])
def test_either_friend_removes_the_friendship(player, side):
    ann, bob, cid = player("Ann"), player("Bob"), player("Cid")
    befriend(ann, bob)
    befriend(ann, cid)
    me, other = (ann, bob) if side == "asker" else (bob, ann)
    assert friendship_remove(user_id=me.pk, friend_id=other.pk) == other
    assert friends_of(ann) == {cid.pk} and friends_of(bob) == set()
    refusal = refused("not_friends", friendship_remove, user_id=me.pk, friend_id=other.pk)
    assert refusal.message == f"You and {other.display_name} are not friends."
    # and they may ask again
    assert friend_request_send(user_id=me.pk, other_id=other.pk).outcome == SendOutcome.REQUESTED


def test_ending_the_relation_takes_a_friendship_and_a_request_either_way(player):
    ann, bob, cid = player("Ann"), player("Bob"), player("Cid")
    befriend(ann, bob)
    friend_request_send(user_id=cid.pk, other_id=ann.pk)
    assert friend_relation_end(user_id=ann.pk, other_id=bob.pk) is True
    assert friend_relation_end(user_id=ann.pk, other_id=cid.pk) is True
    assert friend_relation_end(user_id=ann.pk, other_id=cid.pk) is False
    assert not Friendship.objects.exists() and not FriendRequest.objects.exists()
    assert notifications_of(ann, NotificationKind.FRIEND_REQUEST) == []


# ---- a staff block ---------------------------------------------------------------------------


def test_a_block_ends_every_friendship_and_request_of_the_player(player):
    ann, bob, cid, dee, eve = (player(name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve"))
    befriend(ann, bob)
    befriend(cid, ann)
    befriend(bob, cid)  # not Ann's: stays
    friend_request_send(user_id=ann.pk, other_id=dee.pk)
    friend_request_send(user_id=eve.pk, other_id=ann.pk)
    assert account_block(user_id=ann.pk) is True
    assert friends_of(ann) == set() and friends_of(bob) == {cid.pk} and friends_of(cid) == {bob.pk}
    assert not FriendRequest.objects.exists()
    # Dee is not left a notification offering a request that is gone
    assert notifications_of(dee, NotificationKind.FRIEND_REQUEST) == []
    refused("blocked", friend_request_send, user_id=bob.pk, other_id=ann.pk)
    # lifting the block restores nothing, and requests are possible again
    account_unblock(user_id=ann.pk)
    assert friends_of(ann) == set()
    assert friend_request_send(user_id=bob.pk, other_id=ann.pk).outcome == SendOutcome.REQUESTED


def test_the_blocks_of_moderation_end_friendships_too(player):
    """A staff block goes through `player_block` (games), which calls `account_block`."""
    ann, bob = player("Ann"), player("Bob")
    staff = player("Staff", is_staff=True)
    befriend(ann, bob)
    assert player_block(staff_id=staff.pk, player_id=bob.pk) is not None
    assert not Friendship.objects.exists()
