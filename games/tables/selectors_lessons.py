"""Whether a newcomer is offered the first lesson (`services/lessons.py`)."""

from __future__ import annotations

from accounts.models import User
from games.models import Seat


def lesson_offered(*, user: User) -> bool:
    """Offered until the player has played a game (their lesson too) or turned it down."""
    if user.lesson_offer_closed_at is not None:
        return False
    return not Seat.objects.filter(user_id=user.pk, game__started_at__isnull=False).exists()
