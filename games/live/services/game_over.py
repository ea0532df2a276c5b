"""What a finished game sets in motion, in the transaction that finished it.

One place, called explicitly by the move that ended the game (never a signal): the players who
played it to the end count for what needs "a finished game" (an invited friend's first game, seed
000's silver for inviting friends); the game's points and ranks are queued, on commit, to the
rankings (by task name: games does not import rankings).
"""

from __future__ import annotations

from celery import current_app
from django.conf import settings
from django.db import transaction

from accounts.services.referrals import referrals_qualify
from economy.models import LedgerEntry
from economy.services.wallet import wallet_award
from games.models import Game


def game_finished(game: Game) -> None:
    """`game` is locked and has just finished."""
    game_id = game.pk
    transaction.on_commit(
        lambda: current_app.send_task("rankings.game_finished", args=[game_id], ignore_result=True)
    )
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
