"""League tables: a member opens one with the league's rule options, and members sit at it.

The games refuse a league table's seat unless the caller says it checked (`seat_take(admitted=
True)`); here the check is the player's current membership, read under its row lock, so a
removal cannot slip between the check and the seat (a removal ends that row, then leaves the
league's open tables for the player). A league table costs no table price (the league was paid
for); each person seated pays the game's price when it starts. Champions League tables start
only with four entrants (`full_table_only`): no computer takes a seat when a prize is at stake.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.live.services import after_move
from games.models import Game, Seat
from games.tables.services.tables import seat_take, table_create

from ..models import League, LeagueGame, Membership, Season
from .errors import LeagueError

NOT_MEMBER = LeagueError("not_member", "Only the league's members play at its tables.")


def _closed(league: League) -> LeagueError:
    return LeagueError("league_closed", f"{league.name} is closed: it opens no new tables.")


def _membership_locked(*, league_id: int, user_id: int) -> Membership:
    membership = (
        Membership.objects.select_for_update()
        .select_related("league")
        .filter(league_id=league_id, player_id=user_id, ended_at__isnull=True)
        .first()
    )
    if membership is None:
        raise NOT_MEMBER
    return membership


def league_table_open(*, league_id: int, user_id: int) -> Game:
    """A member opens a table of the league, sitting in its first seat; they start it when the
    players they want are seated."""
    with transaction.atomic():
        # the league first, then the membership: the order of every change of members, and
        # a close (which locks the league) cannot slip between this check and the new table
        league = League.objects.select_for_update().filter(pk=league_id).first()
        _membership_locked(league_id=league_id, user_id=user_id)
        if league is None:  # (no league, no member: the line above refused already)
            raise NOT_MEMBER
        if league.closed_at is not None:
            raise _closed(league)
        champions = league.kind == League.Kind.CHAMPIONS
        if champions:
            # its single season is the month: a game ending later would count nowhere
            seasons = Season.objects.filter(league=league).order_by("-number")
            ends_at = seasons.values_list("ends_at", flat=True).first()
            if ends_at is None or ends_at <= timezone.now():
                raise LeagueError("season_over", f"{league.name} is over.")
        game = table_create(
            creator_id=user_id,
            kind=Game.Kind.LEAGUE,
            # rules the engine now refuses are refused like any table's (TableError)
            rules=league.rules,
            full_table_only=champions,
        )
        LeagueGame.objects.create(game=game, league=league)
    return game


def league_table_sit(*, game_id: int, user_id: int) -> Seat:
    """A member takes the first free seat at one of the league's open tables."""
    league_id = (
        LeagueGame.objects.filter(game_id=game_id).values_list("league_id", flat=True).first()
    )
    if league_id is None:
        raise LeagueError("not_league_table", "This is not a league's table.")
    with transaction.atomic():
        league = _membership_locked(league_id=league_id, user_id=user_id).league
        if league.closed_at is not None:
            raise _closed(league)
        seat = seat_take(game_id=game_id, user_id=user_id, admitted=True)
        # seat_take told the table before this transaction committed: tell it again after
        version = Game.objects.values_list("version", flat=True).get(pk=game_id)
        transaction.on_commit(lambda: after_move.announce(game_id, version))
    return seat
