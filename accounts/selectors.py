"""Reading accounts: what a player's own settings page shows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from .models import Referral


@dataclass(frozen=True)
class InvitedFriends:
    signed_up: int  # newcomers who signed up through the player's invitation link
    played: int  # ... of whom this many have finished a first game


def invited_friends_count(*, user_id: int) -> InvitedFriends:
    counts = Referral.objects.filter(inviter_id=user_id).aggregate(
        signed_up=Count("pk"), played=Count("pk", filter=Q(qualified_at__isnull=False))
    )
    return InvitedFriends(signed_up=counts["signed_up"], played=counts["played"])
