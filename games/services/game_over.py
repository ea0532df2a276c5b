"""What a finished game sets in motion, in the transaction that finished it.

One place, called explicitly by the move that ended the game (never a signal): the players who
played it to the end count for what needs "a finished game" (an invited friend's first game, seed
000's silver for inviting friends); later issues add points, ranks and achievements here.
"""

from __future__ import annotations

from accounts.services.referrals import referrals_qualify

from ..models import Game


def game_finished(game: Game) -> None:
    """`game` is locked and has just finished."""
    finishers = game.seats.filter(user__isnull=False, cancelled=False).values_list(
        "user_id", flat=True
    )
    referrals_qualify(user_ids=list(finishers))
