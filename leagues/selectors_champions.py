"""Reading the Champions League for its page: this month's league with the player's entry, its
standings and open tables, and last month's final table. A fixed number of queries, however
many entrants there are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from games.models import Game

from .models import League, Membership, Season
from .selectors import StandingRow, league_open_tables, season_standings

# the standings show the leaders; a player further down sees their own row under them
STANDINGS_SHOWN = 50


@dataclass(frozen=True)
class ChampionsMonth:
    league: League
    season: Season
    standings: list[StandingRow]  # the first STANDINGS_SHOWN
    my_row: StandingRow | None  # the player's row, also when it is not among those shown
    players: int  # players in the standings: entrants with a counted game


@dataclass(frozen=True)
class ChampionsPage:
    month: ChampionsMonth
    entered: bool
    entrants: int
    open_tables: list[Game]  # seats and their players prefetched
    my_table_ids: set[int]  # the open tables the player sits at
    last_month: ChampionsMonth | None  # None when nobody had a league last month


def _champions_month(*, league: League, user_id: int) -> ChampionsMonth:
    season = Season.objects.get(league=league, number=1)
    rows = season_standings(season_id=season.pk)
    return ChampionsMonth(
        league=league,
        season=season,
        standings=rows[:STANDINGS_SHOWN],
        my_row=next((row for row in rows if row.player_id == user_id), None),
        players=len(rows),
    )


def champions_month(*, month: date, user_id: int) -> ChampionsMonth | None:
    """The Champions League of `month` as it stands (its final table once closed), or None
    when it was never created."""
    league = League.objects.filter(kind=League.Kind.CHAMPIONS, month=month.replace(day=1)).first()
    return None if league is None else _champions_month(league=league, user_id=user_id)


def champions_page(*, league: League, user_id: int) -> ChampionsPage:
    """`league` is this month's (`champions_league_current`)."""
    current = Membership.objects.filter(league=league, ended_at__isnull=True)
    open_tables = league_open_tables(league_id=league.pk)
    month = league.month
    assert month is not None, "a Champions League has its month (the table's constraint)"
    previous_month = (month - timedelta(days=1)).replace(day=1)
    return ChampionsPage(
        month=_champions_month(league=league, user_id=user_id),
        entered=current.filter(player_id=user_id).exists(),
        entrants=current.count(),
        open_tables=open_tables,
        my_table_ids={
            game.pk
            for game in open_tables
            if any(seat.user_id == user_id for seat in game.seats.all())
        },
        last_month=champions_month(month=previous_month, user_id=user_id),
    )


def champions_past_months(*, before: date) -> list[League]:
    """The Champions Leagues of the months before `before`, latest first."""
    return list(
        League.objects.filter(kind=League.Kind.CHAMPIONS, month__lt=before).order_by("-month")
    )
