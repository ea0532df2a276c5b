"""Reading challenges: what waits for a player (every page's prompt, the lobby), and one
challenge for its page."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.friends.selectors import audience_admits
from accounts.models import User

from .models import Challenge, ChallengeStatus
from .texts import challenge_words


def _worded(challenges: list[Challenge]) -> list[Challenge]:
    """Each challenge with its game in words (`words`), for the pages."""
    for challenge in challenges:
        challenge.words = challenge_words(challenge)  # type: ignore[attr-defined]
    return challenges


def _waiting() -> QuerySet[Challenge]:
    return Challenge.objects.filter(
        status=ChallengeStatus.PENDING, expires_at__gt=timezone.now()
    ).select_related("challenger", "challenged")


def challenges_incoming(*, user_id: int) -> list[Challenge]:
    """The challenges waiting for the player's answer, newest first (one query)."""
    return _worded(list(_waiting().filter(challenged_id=user_id)))


def challenges_outgoing(*, user_id: int) -> list[Challenge]:
    """The player's own challenges waiting for an answer."""
    return _worded(list(_waiting().filter(challenger_id=user_id)))


def challenge_for(*, challenge_id: int, user_id: int) -> Challenge | None:
    """The challenge, if the player is one of its two (nobody else learns it exists)."""
    found = (
        Challenge.objects.select_related("challenger", "challenged")
        .filter(Q(challenger_id=user_id) | Q(challenged_id=user_id), pk=challenge_id)
        .first()
    )
    return None if found is None else _worded([found])[0]


def challenge_offered(*, user_id: int, other_id: int) -> bool:
    """Whether a profile offers me "Challenge": another player, active and not blocked, whose
    setting (`challenges_from`) admits me (the service checks again, with the rest, when I
    send)."""
    other = User.objects.filter(pk=other_id, is_active=True).first()
    if other is None or other.pk == user_id or other.is_blocked:
        return False
    return audience_admits(audience=other.challenges_from, owner_id=other.pk, viewer_id=user_id)
