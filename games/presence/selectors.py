"""Whose presence a player may see, and what it is: the friends page's and the site socket's
list, the lobby's "who is here", and any list of players (a query for their settings, one
Redis round trip for their states, however many).

A player's `presence_visible_to` decides: their friends, everyone, or nobody; a player
always sees themself. A blocked player's presence is nobody's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models.functions import Lower

from accounts.friends.models import Friendship
from accounts.models import Audience, User
from games.live.services.presence import online_count
from games.live.services.presence_places import (
    AT_TABLE,
    AWAY,
    ONLINE,
    WATCHING,
    Presence,
    presence_read_many,
)

HERE = (AT_TABLE, WATCHING, ONLINE)  # a page open: the lobby lists them, in this order


@dataclass(frozen=True)
class FriendPresence:
    user_id: int
    name: str
    presence: Presence

    def as_json(self) -> dict[str, Any]:
        return {"user": self.user_id, "name": self.name, **self.presence.as_json()}


@dataclass(frozen=True)
class WhoIsHere:
    friends: list[FriendPresence]  # friends with a page open: at a table, watching, online
    others: int  # everyone else seen in the last few minutes (presence.ONLINE_SECONDS)


def followed_friends(*, viewer_id: int) -> list[tuple[int, str]]:
    """The viewer's friends who let their friends see their presence (friends or everyone),
    by name: (id, display name). One query."""
    return list(
        Friendship.objects.filter(user_id=viewer_id, friend__is_active=True)
        .exclude(friend__presence_visible_to=Audience.NOBODY)
        .order_by(Lower("friend__display_name"), "friend_id")
        .values_list("friend_id", "friend__display_name")
    )


def friends_presence(*, viewer_id: int) -> list[FriendPresence]:
    """Every friend the viewer may see, with their state, by name: one query, one Redis trip."""
    friends = followed_friends(viewer_id=viewer_id)
    states = presence_read_many([friend_id for friend_id, _ in friends])
    return [
        FriendPresence(user_id=friend_id, name=name, presence=states[friend_id])
        for friend_id, name in friends
    ]


def friends_presence_json(*, viewer_id: int) -> dict[str, dict[str, Any]]:
    """The friends page's first picture, before its socket says more (json_script)."""
    return {str(row.user_id): row.as_json() for row in friends_presence(viewer_id=viewer_id)}


def presence_of_players(*, viewer_id: int, user_ids: list[int]) -> dict[int, Presence]:
    """The presence of each of `user_ids` the viewer may see (the others are left out): two
    queries and one Redis trip, none for nobody."""
    wanted = set(user_ids)
    if not wanted:
        return {}
    settings = dict(
        User.objects.filter(pk__in=wanted, is_active=True).values_list("pk", "presence_visible_to")
    )
    friends = set()
    if any(audience == Audience.FRIENDS for audience in settings.values()):
        friends = set(
            Friendship.objects.filter(user_id=viewer_id, friend_id__in=wanted).values_list(
                "friend_id", flat=True
            )
        )
    admitted = sorted(
        user_id
        for user_id, audience in settings.items()
        if user_id == viewer_id
        or audience == Audience.EVERYONE
        or (audience == Audience.FRIENDS and user_id in friends)
    )
    return presence_read_many(admitted)


def who_is_here(*, viewer_id: int) -> WhoIsHere:
    """The lobby's: friends with a page open (at a table first, then watching, then the
    others, each by name), then how many others are online. One query, two Redis trips."""
    friends = friends_presence(viewer_id=viewer_id)
    here = sorted(
        (row for row in friends if row.presence.state in HERE),
        key=lambda row: HERE.index(row.presence.state),  # stable: by name within
    )
    # the online set counts the last minutes: the viewer (this page), these friends and the
    # friends away are in it; a friend who hides is one of the others
    seen = 1 + sum(row.presence.state in (*HERE, AWAY) for row in friends)
    return WhoIsHere(friends=here, others=max(0, online_count() - seen))
