"""Fixtures of the hardening tests: a small site with something behind every URL parameter, so
that a hostile value reaches the code that reads it rather than a 404 in front of it."""

from __future__ import annotations

import itertools
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from economy.models import SILVER_CAP
from games.engine import RuleOptions
from games.live.models import ChatMute
from games.models import Game
from games.moderation.collusion.models import CollusionFlag
from games.moderation.models import AbuseReport, ModerationDecision
from games.moderation.services.decisions import player_warn
from games.moderation.services.reports import report_create
from games.tables.services.tables import seat_take, table_create, table_start
from leagues.models import League
from leagues.services.champions import champions_league_current
from leagues.services.leagues import league_create
from leagues.services.members import invitation_accept, invitation_send
from tests.economy.coins import wallet_set

_numbers = itertools.count(1)


def player_make(name: str | None = None, **fields: Any) -> User:
    number = next(_numbers)
    name = name or f"Player{number}"
    # no password: the tests log in with force_login (hashing one takes a quarter second)
    return User.objects.create_user(
        f"{name.lower()}{number}.{uuid.uuid4().hex[:6]}@example.com",
        None,
        display_name=f"{name}{number}",
        **fields,
    )


@dataclass(frozen=True)
class Site:
    """Pat plays at a started table with three others, organises a league with one of them,
    has muted one, reported one and been warned; Sam is staff."""

    pat: User
    staff: User
    others: list[User]
    game: Game
    league: League
    report: AbuseReport
    mute: ChatMute
    warning: ModerationDecision
    flag: CollusionFlag

    def plausible(self) -> dict[str, str]:
        """A value for each URL parameter that finds something, by the parameter's name: the
        one being fuzzed is replaced, the others let the request reach the code behind it."""
        invitation = self.league.invitations.first()
        return {
            "game_id": str(self.game.pk),
            "token": self.game.invite_token,
            "code": self.pat.invite_code,
            "user_id": str(self.pat.pk),
            "player_id": str(self.others[0].pk),
            "league_id": str(self.league.pk),
            "number": "1",
            "invitation_id": str(invitation.pk if invitation else 1),
            "mute_id": str(self.mute.pk),
            "decision_id": str(self.warning.pk),
            "report_id": str(self.report.pk),
            "flag_id": str(self.flag.pk),
            "challenge_id": "1",  # none: each of its pages says so (a 404, a message)
            "year": str(self.league.month.year if self.league.month else 2025),
            "month": "1",
            "object_id": str(self.pat.pk),
            "id": str(self.pat.pk),
            "content_type_id": "1",
            "app_label": "games",
            "url": "games/",
            "key": "a-key",
            "uidb36": "1",
        }

    def plausible_form(self) -> dict[str, str]:
        """A value for form fields that a view would accept, by the field's name (any other
        field: "1"), so that a hostile value in the URL meets the code behind a valid form."""
        return {
            "name": self.others[1].display_name,
            "seat": "1",
            "reason": "abuse",
            "details": "Rude words.",
            "player": str(self.others[0].pk),
            "display_name": "Patricia",
            "going_under": "either",
            "description": "Cards.",
            "joining": "link",
            "season_length": "month",
            "creation_key": "fuzz-key",
            "target_score": "10",
            "computer_level": "easy",
            "next": "/play/",
            "decision": "dismiss",
            "note": "Seen.",
            "month": "2024-01",
            "email": "pat@example.com",
            "login": "pat@example.com",
            "password": "a long password 1",
        }


@pytest.fixture
def site(db) -> Site:
    pat = player_make("Pat")
    staff = player_make("Sam", is_staff=True, is_superuser=True)
    others = [player_make() for _ in range(3)]
    game = table_create(creator_id=pat.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    for other in others:
        seat_take(game_id=game.pk, user_id=other.pk)
    table_start(game_id=game.pk, user_id=pat.pk)
    game.refresh_from_db()
    wallet_set(pat, silver=SILVER_CAP, gold=100)
    league = league_create(
        organiser_id=pat.pk,
        name="Friday Club",
        description="Cards on Fridays.",
        rules=RuleOptions(),
        joining=League.Joining.LINK,
        season_length=League.SeasonLength.MONTH,
        creation_key=uuid.uuid4().hex,
    )
    invitation = invitation_send(
        league_id=league.pk, organiser_id=pat.pk, name=others[0].display_name
    )
    invitation_accept(invitation_id=invitation.pk, user_id=others[0].pk)
    invitation_send(league_id=league.pk, organiser_id=pat.pk, name=others[1].display_name)
    champions_league_current()
    report = report_create(reporter_id=pat.pk, game_id=game.pk, seat=1, reason="abuse")
    mute = ChatMute.objects.create(user=pat, muted=others[2])
    warning = player_warn(staff_id=staff.pk, player_id=pat.pk, note="Be nice.")
    low, high = sorted([pat, others[0]], key=lambda user: user.pk)
    # a partner-collusion flag for the staff's decide page (its evidence is not read there)
    flag = CollusionFlag.objects.create(
        player_low=low, player_high=high, kinds=[], evidence={}, computed_at=timezone.now()
    )
    return Site(pat, staff, others, game, league, report, mute, warning, flag)


@pytest.fixture
def started_table() -> tuple[Game, list[User]]:
    """A private table with four people, started: (game, players by seat)."""
    players = [player_make() for _ in range(4)]
    game = table_create(creator_id=players[0].pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    for player in players[1:]:
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=players[0].pk)
    game.refresh_from_db()
    return game, players
