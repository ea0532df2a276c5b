"""Watching league tables: which ones a player may watch (told to games at start, see
`leagues.apps`) and the tables a league's page lists as being played now."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from games.models import Game, Seat

from .models import LeagueGame


def league_games_of_member(user_id: int) -> QuerySet[Any]:
    """The ids of the games of every league `user_id` belongs to now (a subquery)."""
    return LeagueGame.objects.filter(
        league__memberships__player_id=user_id, league__memberships__ended_at__isnull=True
    ).values("game_id")


def league_live_tables(*, league_id: int) -> list[Game]:
    """The league's tables being played now, latest started first, with their seats and
    players prefetched (`game.seats.all()`): two queries."""
    games = Game.objects.filter(leaguegame__league_id=league_id, status=Game.Status.PLAYING)
    return list(
        games.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
        ).order_by("-started_at", "-pk")
    )
