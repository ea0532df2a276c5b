"""Seed 000: silver for inviting friends, once per invited friend who finishes a first game."""

from __future__ import annotations

import pytest

from accounts.services.referrals import referral_record
from economy.models import LedgerEntry
from games.live.services.game_over import game_finished
from games.tables.services.quick_play import queue_play_now

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db


def test_the_inviter_gets_silver_once_when_the_friend_finishes_a_first_game(settings):
    settings.ECONOMY_INVITED_FRIEND_SILVER = 20
    inviter, friend = new_player("Inviter"), new_player("Friend")
    wallet_set(inviter, silver=100)
    referral = referral_record(invite_code=inviter.invite_code, invited_id=friend.pk)
    game = queue_play_now(user_id=friend.pk)
    game_finished(game)
    game_finished(game)  # a second finished game of the same friend pays nothing
    assert balances(inviter) == (120, 0)
    entry = LedgerEntry.objects.get(wallet_id=inviter.pk, reason=LedgerEntry.Reason.INVITED_FRIEND)
    assert entry.idempotency_key == f"invited_friend:{referral.pk}"
