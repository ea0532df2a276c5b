"""The organiser's changes to their league: editing it (name, description, who may join, and
the rules of its tables from the next season on) and closing it.

Each runs under the league's row lock and only for its current organiser. Both are safe to
submit twice: an edit sets the same values again, and closing a closed league changes nothing.
A closed league opens no table, takes no member and opens no season after the current one; its
members still read it (standings, past seasons, games).
"""

from __future__ import annotations

import contextlib

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine import RuleOptions
from games.models import Game
from games.tables.services.tables import TableError, seat_leave

from ..models import League, LeagueInvitation
from .errors import LeagueError
from .leagues import DESCRIPTION_MAX, NAME_MAX, NAME_MIN
from .members import _organiser_check, _private_league_locked


def league_closed_error(league: League) -> LeagueError:
    return LeagueError(
        "league_closed",
        f"{league.name} is closed: no new tables, members or seasons. Its members can still "
        "read its standings and past seasons.",
    )


def league_edit(
    *,
    league_id: int,
    organiser_id: int,
    name: str,
    description: str,
    joining: str,
    rules: RuleOptions,
) -> League:
    """The organiser changes the league. Name, description and joining apply now; rules that
    differ from the current ones wait for the next season (tables already open keep theirs)."""
    name, description = " ".join(name.split()), description.strip()
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise LeagueError(
            "name_length", f"A league's name has {NAME_MIN} to {NAME_MAX} characters."
        )
    if len(description) > DESCRIPTION_MAX:
        raise LeagueError(
            "description_length", f"A description has at most {DESCRIPTION_MAX} characters."
        )
    if joining not in League.Joining.values:
        raise LeagueError("joining", "Choose how players join the league.")
    taken = LeagueError(
        "name_taken", f"A league called {name!r} already exists: choose another name."
    )
    try:
        with transaction.atomic():
            league = _private_league_locked(league_id=league_id)
            _organiser_check(league, organiser_id)
            if league.closed_at is not None:
                raise league_closed_error(league)
            others = League.objects.filter(kind=League.Kind.PRIVATE, name__iexact=name)
            if others.exclude(pk=league.pk).exists():
                raise taken
            wanted = rules.to_dict()
            league.name, league.description, league.joining = name, description, joining
            league.next_rules = None if wanted == league.rules else wanted
            league.save(update_fields=["name", "description", "joining", "next_rules"])
    except IntegrityError as error:  # another league took the name meanwhile
        raise taken from error
    return league


def league_close(*, league_id: int, organiser_id: int) -> bool:
    """The organiser closes the league; True if this call closed it (False: it was closed).
    Waiting invitations are withdrawn and the tables not yet started close; games being played
    go on and count in the current season, the last one."""
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        _organiser_check(league, organiser_id)
        if league.closed_at is not None:
            return False
        now = timezone.now()
        league.closed_at, league.next_rules = now, None
        league.save(update_fields=["closed_at", "next_rules"])
        LeagueInvitation.objects.filter(
            league=league, status=LeagueInvitation.Status.PENDING
        ).update(status=LeagueInvitation.Status.WITHDRAWN, answered_at=now)
        waiting = Game.objects.filter(leaguegame__league=league, status=Game.Status.OPEN)
        for game_id, creator_id in waiting.values_list("pk", "created_by_id"):
            # its opener leaving closes the table; one that started meanwhile goes on
            with contextlib.suppress(TableError):
                seat_leave(game_id=game_id, user_id=creator_id)
    return True
