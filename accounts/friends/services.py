"""Friend requests and friendships: send, accept, decline, cancel, remove, and the ends a block or
a mute brings.

Every change between two players first locks both players' rows, lower id first (so two
transactions never wait on each other round a circle): a double click, two players asking each
other at the same moment, an accept racing a cancel or a block, each runs after the other and
sees what it left. The unique constraints (one request per pair, one friendship row per
direction) stand behind the locks. A staff block locks the blocked player's row too
(`accounts.services.blocks`), so no request slips in beside it.

Sending is also refused while either player has muted the other; mutes are the games app's, so
that rule is composed in `games.relation.services.friend_request_send`, which every page that
sends a request calls. `friend_relation_end` is what a mute calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction
from django.db.models import Q
from django.urls import reverse

from ..models import NotificationKind, User
from ..services.notifications import notification_mark_read_for_event, notification_withdraw, notify
from .models import FriendRequest, Friendship


class FriendRefused(Exception):
    """A friend request, answer or removal that was not done: a stable `code` and a message
    for the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SendOutcome(StrEnum):
    REQUESTED = "requested"  # a request now waits for the other's answer
    BECAME_FRIENDS = "became_friends"  # they had asked me already: that request is accepted


@dataclass(frozen=True)
class Sent:
    outcome: SendOutcome
    other: User  # to whom: the page names them


# told, after commit, whose friends (or whose friends' presence settings) changed: the games
# app's site sockets follow friends' presence and read their list again (registered at start,
# games.apps: accounts imports no games)
_friends_changed_listeners: list[Callable[[list[int]], None]] = []


def friends_changed_register(listener: Callable[[list[int]], None]) -> None:
    if listener not in _friends_changed_listeners:
        _friends_changed_listeners.append(listener)


def friends_changed_on_commit(user_ids: Iterable[int]) -> None:
    """Each listener is told these players once the transaction commits (never if it rolls
    back)."""
    players = sorted(set(user_ids))
    if players and _friends_changed_listeners:
        transaction.on_commit(
            lambda: [listener(players) for listener in _friends_changed_listeners]
        )


def player_name(user: User) -> str:
    """How messages name a player: their display name, never their e-mail address."""
    return user.display_name or "That player"


def friend_pair_lock(*, user_id: int, other_id: int) -> tuple[User, User]:
    """Locks both players' rows, lower id first, for the rest of the transaction: every
    change between two players begins here. Returns (me, other); refuses myself and a player
    who does not exist."""
    if user_id == other_id:
        raise FriendRefused("self", "You cannot be your own friend.")
    # FOR NO KEY UPDATE: it queues friend changes and a block (FOR UPDATE) of either player,
    # and lets rows that merely point at them (a seat, a notification) be written meanwhile
    locked = {
        user.pk: user
        # two equalities rather than IN: an id past the column's range finds nobody (Django
        # drops that side) instead of reaching the database
        for user in User.objects.select_for_update(no_key=True)
        .filter(Q(pk=user_id) | Q(pk=other_id))
        .order_by("pk")
    }
    if user_id not in locked or other_id not in locked:
        raise FriendRefused("no_player", "There is no such player.")
    return locked[user_id], locked[other_id]


def _check_both_active(me: User, other: User) -> None:
    if me.is_blocked or not me.is_active:
        raise FriendRefused("blocked_me", "Your account is blocked: you cannot make friends.")
    if other.is_blocked or not other.is_active:
        raise FriendRefused(
            "blocked", f"{player_name(other)}'s account is blocked: they cannot make friends."
        )


def _are_friends(user_id: int, other_id: int) -> bool:
    return Friendship.objects.filter(user_id=user_id, friend_id=other_id).exists()


def _request_source(request: FriendRequest) -> str:
    # one notification per request: a request sent again after a decline is a new event
    return f"friend_request:{request.pk}"


def friend_request_send(*, user_id: int, other_id: int) -> Sent:
    """Asks `other_id` to be friends. When they asked me already, accepts their request
    instead. Refuses myself, a blocked player, a friend, and a second request. Pages call
    `games.relation.services.friend_request_send`, which adds the mutes' rule."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=other_id)
        _check_both_active(me, other)
        if _are_friends(me.pk, other.pk):
            raise FriendRefused("already_friends", f"You and {player_name(other)} are friends.")
        waiting = FriendRequest.objects.filter(
            Q(from_user=me, to_user=other) | Q(from_user=other, to_user=me)
        ).first()
        if waiting is not None:
            if waiting.from_user_id == me.pk:
                raise FriendRefused(
                    "already_requested",
                    f"You asked {player_name(other)} already: your request waits for their answer.",
                )
            _accept(waiting, me=me, other=other)
            return Sent(SendOutcome.BECAME_FRIENDS, other)
        request = FriendRequest.objects.create(from_user=me, to_user=other)
        notify(
            recipient_id=other.pk,
            kind=NotificationKind.FRIEND_REQUEST,
            text=f"{player_name(me)} asked to be your friend.",
            link=reverse("friends:list"),
            source=_request_source(request),
        )
        return Sent(SendOutcome.REQUESTED, other)


def friend_request_accept(*, user_id: int, from_id: int) -> User:
    """Accepts the request `from_id` sent me: we are friends, and they are told."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=from_id)
        request = FriendRequest.objects.filter(from_user=other, to_user=me).first()
        if request is None:
            if _are_friends(me.pk, other.pk):
                raise FriendRefused(
                    "already_friends", f"You and {player_name(other)} are friends already."
                )
            raise FriendRefused(
                "no_request", f"{player_name(other)}'s friend request is no longer waiting."
            )
        _check_both_active(me, other)
        _accept(request, me=me, other=other)
        return other


def _accept(request: FriendRequest, *, me: User, other: User) -> None:
    """`me` accepts `other`'s request (both rows locked by the caller): the request goes, the
    friendship's two rows come, and `other` is told."""
    source = _request_source(request)
    request.delete()
    Friendship.objects.bulk_create(
        [Friendship(user=me, friend=other), Friendship(user=other, friend=me)]
    )
    friends_changed_on_commit([me.pk, other.pk])
    notification_mark_read_for_event(
        recipient_id=me.pk, kind=NotificationKind.FRIEND_REQUEST, source=source
    )
    notify(
        recipient_id=other.pk,
        kind=NotificationKind.FRIEND_ACCEPTED,
        text=f"{player_name(me)} accepted your friend request: you are friends now.",
        link=reverse("friends:list"),
        source=source,
    )


def friend_request_decline(*, user_id: int, from_id: int) -> User:
    """Declines the request `from_id` sent me. They are not told; they may ask again."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=from_id)
        request = FriendRequest.objects.filter(from_user=other, to_user=me).first()
        if request is None:
            raise FriendRefused(
                "no_request", f"{player_name(other)}'s friend request is no longer waiting."
            )
        source = _request_source(request)
        request.delete()
        notification_mark_read_for_event(
            recipient_id=me.pk, kind=NotificationKind.FRIEND_REQUEST, source=source
        )
        return other


def friend_request_cancel(*, user_id: int, to_id: int) -> User:
    """Takes back my request to `to_id`, and the notification it gave them."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=to_id)
        request = FriendRequest.objects.filter(from_user=me, to_user=other).first()
        if request is None:
            raise FriendRefused(
                "no_request",
                f"Your friend request to {player_name(other)} is no longer waiting: "
                "they answered it.",
            )
        _request_delete(request)
        return other


def _request_delete(request: FriendRequest) -> None:
    """A request that ends unanswered: the notification that offered it goes with it."""
    source = _request_source(request)
    request.delete()
    notification_withdraw(
        recipient_id=request.to_user_id, kind=NotificationKind.FRIEND_REQUEST, source=source
    )


def friendship_remove(*, user_id: int, friend_id: int) -> User:
    """Ends the friendship, from either side; the other is not told."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=friend_id)
        deleted, _ = Friendship.objects.filter(
            Q(user=me, friend=other) | Q(user=other, friend=me)
        ).delete()
        if not deleted:
            raise FriendRefused("not_friends", f"You and {player_name(other)} are not friends.")
        friends_changed_on_commit([me.pk, other.pk])
        return other


def friend_relation_end(*, user_id: int, other_id: int) -> bool:
    """Ends whatever is between the two players: their friendship and a request either way
    (a mute calls this in its own transaction). False when there was nothing."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=other_id)
        friendships, _ = Friendship.objects.filter(
            Q(user=me, friend=other) | Q(user=other, friend=me)
        ).delete()
        requests = list(
            FriendRequest.objects.filter(
                Q(from_user=me, to_user=other) | Q(from_user=other, to_user=me)
            )
        )
        for request in requests:
            _request_delete(request)
        if friendships:
            friends_changed_on_commit([me.pk, other.pk])
        return bool(friendships or requests)


def friend_relations_end_all(*, user_id: int) -> None:
    """Ends every friendship and request of the player: a staff block calls this with the
    player's row locked, so that nothing new begins beside it."""
    with transaction.atomic():
        friends = Friendship.objects.filter(user_id=user_id).values_list("friend_id", flat=True)
        friends_changed_on_commit([user_id, *friends])
        Friendship.objects.filter(Q(user_id=user_id) | Q(friend_id=user_id)).delete()
        for request in FriendRequest.objects.filter(
            Q(from_user_id=user_id) | Q(to_user_id=user_id)
        ):
            _request_delete(request)
