"""A friend request waiting for its answer, and a friendship (one row per direction, so that
"my friends" is one index range). The models keep the `accounts` app: `accounts/models.py`
imports them so that Django registers them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Greatest, Least


class FriendRequest(models.Model):
    """`from_user` asked `to_user` to be friends; deleted when answered, cancelled, or ended by
    a block or a mute. At most one per pair of players whichever way it goes: a request to
    someone who already asked me accepts theirs instead (`friends.services`)."""

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_requests_sent"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_requests_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # one request per pair, in either direction: the lower id and the higher
            models.UniqueConstraint(
                Least("from_user", "to_user"),
                Greatest("from_user", "to_user"),
                name="accounts_one_friend_request_per_pair",
                violation_error_message="There is a friend request between you already.",
            ),
            models.CheckConstraint(
                condition=~Q(from_user=F("to_user")), name="accounts_friend_request_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.from_user_id} asked {self.to_user_id}"


class Friendship(models.Model):
    """`user` counts `friend` among their friends. Always made and deleted with its mirror row
    (friend, user) in one transaction (`friends.services`)."""

    # no index of its own: the unique (user, friend) index begins with it
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="friendships",
        db_index=False,
    )
    friend = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "friend"], name="accounts_one_friendship"),
            models.CheckConstraint(
                condition=~Q(user=F("friend")), name="accounts_friendship_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} and {self.friend_id} are friends"
