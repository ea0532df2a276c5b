"""Seasons: their bounds, and closing them (the final table is kept, the next season opens).

A season is [starts_at, ends_at): season 1 starts when the league is created, each next one
where the last ended, so no game ever falls between two seasons, however late the closing job
runs (a game that ends after ends_at counts in the next season even before that season's row
exists). Bounds are reckoned in the site's time zone (settings.TIME_ZONE): a week ends at the
same wall-clock time seven days later, also across a change to or from daylight saving time,
and a month season ends at midnight before the 1st of the next calendar month.

Closing is the Celery beat job `leagues.close_due_seasons`; each season is closed under its row
lock and only while `closed_at` is empty, so a second or concurrent run does nothing more.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone

from rankings.services.achievements import achievements_champions_league

from ..models import League, Membership, Season, SeasonStanding
from ..selectors import season_standings_live
from .errors import LeagueError
from .season_notices import season_ended_notify, season_started_notify

logger = logging.getLogger(__name__)

SEASON_DAYS: dict[str, int] = {League.SeasonLength.WEEK: 7, League.SeasonLength.FORTNIGHT: 14}


def season_bounds(*, starts_at: datetime, season_length: str) -> tuple[datetime, datetime]:
    """The season starting at `starts_at`: (starts_at, ends_at), ends_at in the site's time
    zone (the wall-clock arithmetic of an aware local datetime keeps the time of day)."""
    local = timezone.localtime(starts_at, timezone.get_default_timezone())
    if season_length == League.SeasonLength.MONTH:
        first = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        ends_at = (first + timedelta(days=32)).replace(day=1)
    elif season_length in SEASON_DAYS:
        ends_at = local + timedelta(days=SEASON_DAYS[season_length])
    else:
        raise ValueError(f"no season length {season_length!r}")
    # a wall-clock time skipped by a change to summer time: the moment just after the gap
    ends_at = timezone.localtime(ends_at.astimezone(UTC), local.tzinfo)
    return starts_at, ends_at


def season_first_create(*, league: League, starts_at: datetime) -> Season:
    """Season 1 of a new private league, from its creation on."""
    starts_at, ends_at = season_bounds(starts_at=starts_at, season_length=league.season_length)
    return Season.objects.create(league=league, number=1, starts_at=starts_at, ends_at=ends_at)


def season_current(*, league_id: int, now: datetime | None = None) -> Season:
    """The league's season now. Seasons overdue for closing are closed first (normally the job
    did it), so the standings shown are never of a season that is over. A league that stopped
    (no members left) or a past month's Champions League: its last season, closed."""
    now = now or timezone.now()
    due = Season.objects.filter(league_id=league_id, closed_at__isnull=True, ends_at__lte=now)
    # one by one: the season a close opens may be due too (the job was down for a while)
    while (season_id := due.order_by("number").values_list("pk", flat=True).first()) is not None:
        season_close(season_id=season_id, now=now)
    season = Season.objects.filter(league_id=league_id).order_by("-number").first()
    if season is None:
        raise LeagueError("no_season", "This league has no season.")
    return season


def seasons_close_due(*, now: datetime | None = None) -> int:
    """Closes every season whose end has passed; returns how many this call closed. A season
    that fails to close is logged and left for the next run; the others still close."""
    now = now or timezone.now()
    closed = 0
    failed: set[int] = set()
    while True:
        due = list(
            Season.objects.filter(closed_at__isnull=True, ends_at__lte=now)
            .exclude(pk__in=failed)
            .order_by("ends_at", "pk")
            .values_list("pk", flat=True)[:200]
        )
        if not due:
            return closed
        for season_id in due:
            try:
                closed += season_close(season_id=season_id, now=now)
            except Exception:
                logger.exception("season %s could not be closed", season_id)
                failed.add(season_id)


def season_close(*, season_id: int, now: datetime | None = None) -> bool:
    """Closes the season if its end has passed and it is not closed yet; True if this call
    closed it. In one transaction under the season's row lock: its final table is kept
    (`SeasonStanding`), the next season opens for a private league that still has members,
    and a Champions League awards CL Winner and CL Top Player to its final table."""
    now = now or timezone.now()
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season_id)
        if season.closed_at is not None or season.ends_at > now:
            return False
        rows = season_standings_live(season=season)
        SeasonStanding.objects.bulk_create(
            SeasonStanding(
                season=season,
                player_id=row.player_id,
                position=row.position,
                games=row.games,
                wins=row.wins,
                points=row.points,
            )
            for row in rows
        )
        season.closed_at = now
        season.save(update_fields=["closed_at"])
        season_ended_notify(season=season, rows=rows)
        league = season.league
        if league.kind == League.Kind.CHAMPIONS:
            month = league.month
            assert month is not None, "a Champions League has its month (the table's constraint)"
            # the month's league has a single season: next month has its own league
            achievements_champions_league(
                year=month.year,
                month=month.month,
                standings=[row.player_id for row in rows],
            )
        elif Membership.objects.filter(league=league, ended_at__isnull=True).exists():
            league = League.objects.select_for_update().get(pk=league.pk)
            if league.closed_at is None:
                _next_season_open(league, season)
        # a private league without members, or closed by its organiser: no next season
    return True


def _next_season_open(league: League, season: Season) -> None:
    """`league` is locked: the season after `season` opens, with the rules the organiser chose
    for it, if they changed them."""
    starts_at, ends_at = season_bounds(starts_at=season.ends_at, season_length=league.season_length)
    next_season = Season.objects.create(
        league=league, number=season.number + 1, starts_at=starts_at, ends_at=ends_at
    )
    season_started_notify(season=next_season)
    if league.next_rules is not None:
        league.rules, league.next_rules = league.next_rules, None
        league.save(update_fields=["rules", "next_rules"])
