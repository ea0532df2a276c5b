"""Sending a friend request with the mutes' rule: refused while either player has muted the
other (a mute ends the friendship and the requests between them: `games.live.services.mutes`
calls `accounts.friends.services.friend_relation_end`).

The mutes are read after both players' rows are locked, in the transaction that then makes the
request: a mute being made at the same moment locks the same rows before it ends the relation,
so either the request sees the mute, or the mute sees (and ends) the request.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from accounts.friends import services as friends
from accounts.friends.services import FriendRefused, Sent, friend_pair_lock, player_name
from games.live.models import ChatMute


def muted_between(*, user_id: int, other_id: int) -> ChatMute | None:
    """A mute either way between the two players, the one I made first."""
    mutes = list(
        ChatMute.objects.filter(
            Q(user_id=user_id, muted_id=other_id) | Q(user_id=other_id, muted_id=user_id)
        )
    )
    mine = [mute for mute in mutes if mute.user_id == user_id]
    return (mine or mutes)[0] if mutes else None


def friend_request_send(*, user_id: int, other_id: int) -> Sent:
    """Asks `other_id` to be friends (or accepts their request to me), as
    `accounts.friends.services.friend_request_send`, refused while a mute stands between us."""
    with transaction.atomic():
        me, other = friend_pair_lock(user_id=user_id, other_id=other_id)
        mute = muted_between(user_id=me.pk, other_id=other.pk)
        if mute is not None and mute.user_id == me.pk:
            raise FriendRefused(
                "muted",
                f"You muted {player_name(other)}: unmute them first to ask them to be friends.",
            )
        if mute is not None:
            # a mute is never told to the muted player: the refusal says no more than this
            raise FriendRefused(
                "not_taking",
                f"{player_name(other)} is not taking friend requests from you.",
            )
        return friends.friend_request_send(user_id=user_id, other_id=other_id)
