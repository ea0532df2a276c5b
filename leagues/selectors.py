"""Reading leagues: standings, members, games, tables and invitations.

A game counts in a league's season for a player when it was played at one of the league's
tables (`LeagueGame`), finished with a winner in the season's [starts_at, ends_at), and the
player was a member when it ended. So a removed member's games stop counting from the removal
on, and a player who joins mid-season counts only the games after joining. Points are the
site's (`rankings.selectors.seat_points`: the side's points, winners +5, 0 for a cancelled seat,
which still counts as a game, as in the site's monthly tables).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from games.models import GAME_DECIDED, SEAT_GAME_DECIDED, Game, Seat
from rankings.selectors import seat_points, seat_won

from .models import LeagueInvitation, Membership, Season, SeasonStanding

RECENT_GAMES = 10


@dataclass(frozen=True)
class StandingRow:
    position: int
    player_id: int
    name: str
    games: int  # counted games, cancelled seats included
    wins: int  # ... that the player's side won and the player did not cancel
    points: int
    average: float  # points per game
    last_at: datetime | None  # the player's last counted game; None in a kept final table


def _member_at_game_end() -> Exists:
    """For a Seat row: its player was a member of the game's league when the game ended."""
    finished_at = OuterRef("game__finished_at")
    return Exists(
        Membership.objects.filter(
            league_id=OuterRef("game__leaguegame__league_id"),
            player_id=OuterRef("user_id"),
            joined_at__lte=finished_at,
        ).filter(Q(ended_at__isnull=True) | Q(ended_at__gt=finished_at))
    )


def _player_name(display_name: str, email: str) -> str:
    """`User.get_short_name` from the two columns, so the table needs no User objects."""
    return display_name or email.split("@")[0]


def season_standings_live(*, season: Season) -> list[StandingRow]:
    """The season's table computed from its games, best first: one query. Ties go to more
    games, then the earlier last game (who got there first), then the lower player id, as in
    the site's monthly tables, so every position is distinct."""
    rows = (
        Seat.objects.filter(
            SEAT_GAME_DECIDED,
            game__leaguegame__league_id=season.league_id,
            game__status=Game.Status.FINISHED,
            game__finished_at__gte=season.starts_at,
            game__finished_at__lt=season.ends_at,
            user__isnull=False,
        )
        .filter(_member_at_game_end())
        .values("user_id")
        .annotate(
            display_name=F("user__display_name"),
            email=F("user__email"),
            games=Count("pk"),
            wins=Count("pk", filter=seat_won()),
            points=Coalesce(Sum(seat_points()), 0),
            last_at=Max("game__finished_at"),
        )
        .order_by(F("points").desc(), F("games").desc(), F("last_at").asc(), F("user_id").asc())
    )
    return [
        StandingRow(
            position=position,
            player_id=row["user_id"],
            name=_player_name(row["display_name"], row["email"]),
            games=row["games"],
            wins=row["wins"],
            points=row["points"],
            average=row["points"] / row["games"],
            last_at=row["last_at"],
        )
        for position, row in enumerate(rows, start=1)
    ]


def season_standings(*, season_id: int) -> list[StandingRow]:
    """The season's table, best first: live from the games while the season is open, the kept
    final table once it is closed (a later change of membership never rewrites history)."""
    season = Season.objects.get(pk=season_id)
    if season.closed_at is None:
        return season_standings_live(season=season)
    kept = SeasonStanding.objects.filter(season=season).select_related("player")
    return [
        StandingRow(
            position=row.position,
            player_id=row.player_id,
            name=row.player.get_short_name(),
            games=row.games,
            wins=row.wins,
            points=row.points,
            average=row.average,
            last_at=None,
        )
        for row in kept.order_by("position")
    ]


def league_seasons(*, league_id: int) -> list[Season]:
    """The league's seasons, the latest first (for a page listing past final tables)."""
    return list(Season.objects.filter(league_id=league_id).order_by("-number"))


def league_members(*, league_id: int) -> list[Membership]:
    """The current members with their players, the organiser first, then by joining."""
    organiser_first = Case(
        When(role=Membership.Role.ORGANISER, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return list(
        Membership.objects.filter(league_id=league_id, ended_at__isnull=True)
        .select_related("player")
        .order_by(organiser_first, "joined_at", "pk")
    )


def league_organiser_id(*, league_id: int) -> int | None:
    """The current organiser's player id; None when the league has no members left."""
    return (
        Membership.objects.filter(
            league_id=league_id, ended_at__isnull=True, role=Membership.Role.ORGANISER
        )
        .values_list("player_id", flat=True)
        .first()
    )


def _with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def league_recent_games(*, league_id: int, limit: int = RECENT_GAMES) -> list[Game]:
    """The league's latest finished games with a winner, newest first, each with its seats and
    their players prefetched (`game.seats.all()`): two queries."""
    games = Game.objects.filter(
        GAME_DECIDED, leaguegame__league_id=league_id, status=Game.Status.FINISHED
    ).order_by("-finished_at", "-pk")
    return list(_with_seats(games)[:limit])


def league_open_tables(*, league_id: int) -> list[Game]:
    """The league's tables waiting for players, oldest first, with their seats and players
    prefetched (`game.seats.all()`): two queries."""
    games = Game.objects.filter(
        leaguegame__league_id=league_id, status=Game.Status.OPEN
    ).select_related("created_by")
    return list(_with_seats(games).order_by("created_at", "pk"))


def player_leagues(*, user_id: int) -> list[Membership]:
    """The player's current memberships with their leagues, by league name."""
    return list(
        Membership.objects.filter(player_id=user_id, ended_at__isnull=True)
        .select_related("league")
        .order_by("league__name", "league_id")
    )


def player_league_invitations(*, user_id: int) -> list[LeagueInvitation]:
    """The invitations waiting for the player's answer, newest first, with league and sender."""
    return list(
        LeagueInvitation.objects.filter(player_id=user_id, status=LeagueInvitation.Status.PENDING)
        .select_related("league", "invited_by")
        .order_by("-created_at", "-pk")
    )


def league_pending_invitations(*, league_id: int) -> list[LeagueInvitation]:
    """The league's invitations waiting for an answer (the organiser's tools), newest first."""
    return list(
        LeagueInvitation.objects.filter(league_id=league_id, status=LeagueInvitation.Status.PENDING)
        .select_related("player")
        .order_by("-created_at", "-pk")
    )


def is_member(*, league_id: int, user_id: int, at: datetime | None = None) -> bool:
    """The player is a member now (`at` None), or was at the moment `at`."""
    memberships = Membership.objects.filter(league_id=league_id, player_id=user_id)
    if at is None:
        return memberships.filter(ended_at__isnull=True).exists()
    return memberships.filter(
        Q(ended_at__isnull=True) | Q(ended_at__gt=at), joined_at__lte=at
    ).exists()


def current_membership(*, league_id: int, user_id: int) -> Membership | None:
    return Membership.objects.filter(
        league_id=league_id, player_id=user_id, ended_at__isnull=True
    ).first()
