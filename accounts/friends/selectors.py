"""Reading friends: the friends page (a fixed number of queries however many friends), where two
players stand (the button a profile, a record or a search shows), the header's count of
requests waiting, the search by display name, and whom a player's privacy choice admits."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.db.models import Case, IntegerField, Q, Value, When
from django.db.models.functions import Lower

from ..models import Audience, User
from .models import FriendRequest, Friendship

SEARCH_MAX_RESULTS = 20
SEARCH_TEXT_MAX = 30  # a display name's length


class FriendState(StrEnum):
    """Where another player stands with me: the state a friend button shows."""

    NONE = "none"  # "Add friend"
    REQUESTED = "requested"  # I asked them: waiting ("Cancel request")
    ASKED_YOU = "asked_you"  # they asked me ("Accept" / "Decline")
    FRIENDS = "friends"
    SELF = "self"  # no button


@dataclass(frozen=True)
class PlayerRow:
    """A player in one of the friends page's lists. `since` is when the friendship or the
    request began. (Presence, issue 54, joins these rows by `user_id`.)"""

    user_id: int
    name: str
    since: datetime


@dataclass(frozen=True)
class FoundPlayer:
    user_id: int
    name: str
    state: FriendState


@dataclass(frozen=True)
class FriendsPage:
    friends: list[PlayerRow]
    received: list[PlayerRow]  # requests waiting for my answer, newest first
    sent: list[PlayerRow]  # my requests waiting for theirs, newest first


def friends_page(*, user_id: int) -> FriendsPage:
    """Everything the friends page lists: three queries, however many friends."""
    friends = [
        PlayerRow(user_id=friend_id, name=name, since=since)
        for friend_id, name, since in Friendship.objects.filter(user_id=user_id)
        .order_by(Lower("friend__display_name"), "friend_id")
        .values_list("friend_id", "friend__display_name", "created_at")
    ]
    received = [
        PlayerRow(user_id=from_id, name=name, since=since)
        for from_id, name, since in FriendRequest.objects.filter(to_user_id=user_id)
        .order_by("-created_at", "-id")
        .values_list("from_user_id", "from_user__display_name", "created_at")
    ]
    sent = [
        PlayerRow(user_id=to_id, name=name, since=since)
        for to_id, name, since in FriendRequest.objects.filter(from_user_id=user_id)
        .order_by("-created_at", "-id")
        .values_list("to_user_id", "to_user__display_name", "created_at")
    ]
    return FriendsPage(friends=friends, received=received, sent=sent)


def friend_ids(*, user_id: int) -> set[int]:
    """The player's friends' ids (one query): for presence and challenges to filter by."""
    return set(Friendship.objects.filter(user_id=user_id).values_list("friend_id", flat=True))


def are_friends(*, user_id: int, other_id: int) -> bool:
    return Friendship.objects.filter(user_id=user_id, friend_id=other_id).exists()


def friend_states(*, user_id: int, other_ids: Iterable[int]) -> dict[int, FriendState]:
    """Where each of `other_ids` stands with me: two queries for any number of players (none
    for none)."""
    others = set(other_ids)
    states = {other: FriendState.NONE for other in others}
    if user_id in states:
        states[user_id] = FriendState.SELF
    others.discard(user_id)
    if not others:
        return states
    for friend_id in Friendship.objects.filter(user_id=user_id, friend_id__in=others).values_list(
        "friend_id", flat=True
    ):
        states[friend_id] = FriendState.FRIENDS
    requests = FriendRequest.objects.filter(
        Q(from_user_id=user_id, to_user_id__in=others)
        | Q(to_user_id=user_id, from_user_id__in=others)
    ).values_list("from_user_id", "to_user_id")
    for from_id, to_id in requests:
        if from_id == user_id:
            states[to_id] = FriendState.REQUESTED
        else:
            states[from_id] = FriendState.ASKED_YOU
    return states


def friend_state(*, user_id: int, other_id: int) -> FriendState:
    return friend_states(user_id=user_id, other_ids=[other_id])[other_id]


def friend_buttons(*, user_id: int, other_ids: Iterable[int]) -> dict[int, FriendState]:
    """The friend button of each of `other_ids` who may still make friends (a blocked player
    gets none), myself left out: three queries (none for nobody)."""
    others = set(other_ids) - {user_id}
    if not others:
        return {}
    active = set(User.objects.filter(pk__in=others, is_active=True).values_list("pk", flat=True))
    return friend_states(user_id=user_id, other_ids=active) if active else {}


def friend_requests_waiting_count(*, user_id: int) -> int:
    """The header's count: requests waiting for my answer (one query, on the index of
    `to_user`)."""
    return FriendRequest.objects.filter(to_user_id=user_id).count()


def search_text_clean(text: str | None) -> str:
    """The search as it is matched: outer spaces dropped, at most a name's length."""
    return " ".join((text or "").split())[:SEARCH_TEXT_MAX]


def players_search(*, user_id: int, text: str) -> list[FoundPlayer]:
    """Active players whose display name contains `text` ignoring case, those it begins
    first, then by name; at most SEARCH_MAX_RESULTS, never me. Three queries."""
    text = search_text_clean(text)
    if not text:
        return []
    found = list(
        User.objects.filter(is_active=True, display_name__icontains=text)
        .exclude(pk=user_id)
        .annotate(
            begins=Case(
                When(display_name__istartswith=text, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("begins", Lower("display_name"), "pk")
        .values_list("pk", "display_name")[:SEARCH_MAX_RESULTS]
    )
    states = friend_states(user_id=user_id, other_ids=[pk for pk, _ in found])
    return [FoundPlayer(user_id=pk, name=name, state=states[pk]) for pk, name in found]


def audience_admits(*, audience: str, owner_id: int, viewer_id: int) -> bool:
    """Whether a player's privacy choice (`User.presence_visible_to`, `User.challenges_from`)
    admits `viewer_id`: everyone, nobody, or the owner's friends. The owner always sees
    themself."""
    if owner_id == viewer_id or audience == Audience.EVERYONE:
        return True
    if audience == Audience.FRIENDS:
        return are_friends(user_id=owner_id, other_id=viewer_id)
    return False
