"""What a finished game sets in motion, in the transaction that finished it.

One place, called explicitly by the move that ended the game (never a signal): the players who
played it to the end count for what needs "a finished game" (an invited friend's first game, seed
000's silver for inviting friends); later issues add points, ranks and achievements here.
"""

from __future__ import annotations

from django.conf import settings

from accounts.services.referrals import referrals_qualify
from economy.models import LedgerEntry
from economy.services.wallet import wallet_award

from ..models import Game


def game_finished(game: Game) -> None:
    """`game` is locked and has just finished."""
    finishers = game.seats.filter(user__isnull=False, cancelled=False).values_list(
        "user_id", flat=True
    )
    for referral in referrals_qualify(user_ids=list(finishers)):
        # seed 000: silver for inviting friends, once per friend who finished a first game
        wallet_award(
            user_id=referral.inviter_id,
            amount=settings.ECONOMY_INVITED_FRIEND_SILVER,
            reason=LedgerEntry.Reason.INVITED_FRIEND,
            reference=f"user:{referral.invited_id}",
            idempotency_key=f"invited_friend:{referral.pk}",
        )
