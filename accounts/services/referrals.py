"""Invitations of friends: each player has a link (/invite/<code>/); a newcomer who signs up
through it is recorded, once, as that player's invited friend, and counts once they finish their
first game (seed 000: silver for "inviting your friends to join", paid by the economy)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Referral, User

# the invitation a visitor arrived with, kept in their session until they sign up
INVITE_SESSION_KEY = "euchre_invite_code"


class ReferralRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def inviter_for_code(*, invite_code: str) -> User | None:
    return User.objects.filter(invite_code=invite_code, is_active=True).first()


def referral_record(*, invite_code: str, invited_id: int) -> Referral:
    """Records that the newcomer `invited_id` came through `invite_code`. Refuses an unknown
    code, inviting oneself, and a second inviter for the same newcomer."""
    inviter = inviter_for_code(invite_code=invite_code)
    if inviter is None:
        raise ReferralRefused("unknown_code", "That invitation link is not valid.")
    if inviter.pk == invited_id:
        raise ReferralRefused("self", "You cannot invite yourself.")
    try:
        with transaction.atomic():
            return Referral.objects.create(inviter=inviter, invited_id=invited_id)
    except IntegrityError as error:
        raise ReferralRefused(
            "already_invited", "This player was already invited by someone."
        ) from error


def referrals_qualify(*, user_ids: Iterable[int]) -> list[Referral]:
    """These players finished a game: the ones who were invited and had not yet finished one
    now count as invited friends. Returns the referrals that qualified just now, once each."""
    with transaction.atomic():
        pending = list(
            Referral.objects.select_for_update()
            .filter(invited_id__in=list(user_ids), qualified_at__isnull=True)
            .order_by("pk")
        )
        now = timezone.now()
        for referral in pending:
            referral.qualified_at = now
        Referral.objects.bulk_update(pending, ["qualified_at"])
    return pending
