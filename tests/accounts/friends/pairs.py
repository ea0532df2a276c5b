"""Two players made friends through the services, for tests that need friends to begin with."""

from __future__ import annotations

from accounts.friends.services import friend_request_accept, friend_request_send
from accounts.models import User


def befriend(one: User, other: User) -> None:
    """`one` asks and `other` accepts."""
    friend_request_send(user_id=one.pk, other_id=other.pk)
    friend_request_accept(user_id=other.pk, from_id=one.pk)
