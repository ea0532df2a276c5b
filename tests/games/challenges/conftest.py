from __future__ import annotations

import pytest

from accounts.models import Audience, User
from economy.models import LedgerEntry
from games.challenges.models import Challenge
from games.challenges.services.send import challenge_send
from games.engine import RuleOptions, preset_rules
from tests.accounts.friends.pairs import befriend


@pytest.fixture
def friends(make_player):
    """Two friends, Ann and Bob (challenges from friends: the default setting)."""
    ann, bob = make_player("Ann"), make_player("Bob")
    befriend(ann, bob)
    return ann, bob


@pytest.fixture
def challenge(friends):
    """Ann challenges Bob to a three-handed game with an easy computer."""

    def send(rules: RuleOptions | None = None, seat: str = "against") -> Challenge:
        ann, bob = friends
        return challenge_send(
            challenger_id=ann.pk,
            challenged_id=bob.pk,
            rules=rules or preset_rules("three_handed"),
            computer_level="easy",
            seat=seat,
        )

    return send


def spent(*players: User) -> list[tuple[str, str, int]]:
    """Every coin the players spent: (name, reason, amount), in order."""
    return [
        (entry.wallet.user.display_name, entry.reason, entry.amount)
        for entry in LedgerEntry.objects.filter(
            wallet__user__in=players,
            amount__lt=0,
            reason__in=[LedgerEntry.Reason.GAME, LedgerEntry.Reason.PRIVATE_TABLE],
        )
        .select_related("wallet__user")
        .order_by("pk")
    ]


EVERYONE, NOBODY = Audience.EVERYONE, Audience.NOBODY
