"""Blocking an account (seed 000: "we will block the user forever"); only staff lift a block.

A blocked account is inactive, so Django's and allauth's backends refuse it at the next login and at
the next request of a session it already has. What a block means for games (seats, sockets, reports)
is the games app's business: `games.moderation.services.decisions.player_block` calls this inside
its own transaction. A block ends the player's friendships and friend requests (those sent
and those received), and while it lasts no new one begins (`accounts.friends.services` checks
the locked rows); lifting the block restores none of them.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..friends.services import friend_relations_end_all
from ..models import User


def account_block(*, user_id: int) -> bool:
    """Blocks the account; False when it was blocked already (nothing changes then)."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if user.blocked_at is not None:
            return False
        user.is_active, user.blocked_at = False, timezone.now()
        user.save(update_fields=["is_active", "blocked_at"])
        # with the row locked: a request waiting for this lock then finds the player blocked
        friend_relations_end_all(user_id=user_id)
    return True


def account_unblock(*, user_id: int) -> bool:
    """Lifts a block; False when the account was not blocked (nothing changes then)."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if user.blocked_at is None:
            return False
        user.is_active, user.blocked_at = True, None
        user.save(update_fields=["is_active", "blocked_at"])
    return True
