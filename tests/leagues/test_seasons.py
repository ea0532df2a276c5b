"""Seasons: their bounds in the site's time zone, and their closing (idempotent, the final table
kept, the next season opened; a Champions League's awards once)."""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone

from leagues.models import League, LeagueGame, Membership, Season, SeasonStanding
from leagues.selectors import season_standings
from leagues.services import seasons as season_services
from leagues.services.members import invitation_accept, invitation_send, league_leave
from leagues.services.seasons import (
    season_bounds,
    season_close,
    season_current,
    seasons_close_due,
)
from leagues.tasks import close_due_seasons
from rankings.models import AchievementAward
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db

NEW_YORK = ZoneInfo("America/New_York")
UTC = ZoneInfo("UTC")


def at(text: str, zone: ZoneInfo = NEW_YORK) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=zone)


# ---- bounds ------------------------------------------------------------------------------------


@pytest.fixture
def new_york(settings):
    settings.TIME_ZONE = "America/New_York"


@pytest.mark.parametrize(
    ("starts_at", "length", "ends_at"),
    [
        # 10 pm in New York on the 31st is already February in UTC: the season is January's
        ("2025-01-31T22:00", "month", "2025-02-01T00:00"),
        ("2025-02-01T00:00", "month", "2025-03-01T00:00"),
        ("2024-12-15T09:30", "month", "2025-01-01T00:00"),
        ("2024-02-10T12:00", "month", "2024-03-01T00:00"),
        # summer time begins on 9 March 2025: a month of 31 days less an hour
        ("2025-03-01T00:00", "month", "2025-04-01T00:00"),
        # a week keeps the time of day, across the month and across summer time
        ("2025-03-05T12:00", "week", "2025-03-12T12:00"),
        ("2025-01-28T20:00", "week", "2025-02-04T20:00"),
        ("2025-10-27T08:15", "fortnight", "2025-11-10T08:15"),
    ],
)
def test_season_bounds_in_the_sites_time_zone(new_york, starts_at, length, ends_at):
    start = at(starts_at)
    assert season_bounds(starts_at=start, season_length=length) == (start, at(ends_at))


def test_season_bounds_of_a_moment_given_in_utc_are_reckoned_in_the_sites_zone(new_york):
    # 2025-02-01 03:00 UTC is 31 January, 10 pm in New York
    start = at("2025-02-01T03:00", UTC)
    _, ends_at = season_bounds(starts_at=start, season_length="month")
    assert ends_at == at("2025-02-01T05:00", UTC)
    _, ends_at = season_bounds(starts_at=at("2025-03-05T17:00", UTC), season_length="week")
    assert ends_at == at("2025-03-12T16:00", UTC)  # noon in New York both days
    assert ends_at - at("2025-03-05T17:00", UTC) == timedelta(days=7) - timedelta(hours=1)


def test_a_week_ending_in_the_hour_summer_time_skips_ends_just_after_it(new_york):
    _, ends_at = season_bounds(starts_at=at("2025-03-02T02:30"), season_length="week")
    assert ends_at == at("2025-03-09T07:30", UTC)  # 3:30 summer time
    assert ends_at.utcoffset() == timedelta(hours=-4)


def test_the_same_moment_in_utc_ends_a_month_season_in_the_utc_month(settings):
    settings.TIME_ZONE = "UTC"
    _, ends_at = season_bounds(starts_at=at("2025-01-31T22:00"), season_length="month")
    assert ends_at == at("2025-03-01T00:00", UTC)


def test_an_unknown_season_length_is_an_error():
    with pytest.raises(ValueError):
        season_bounds(starts_at=timezone.now(), season_length="year")


# ---- closing -----------------------------------------------------------------------------------


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


def league_game(league, users, *, score=(10, 4), winner_team=0, at_=None):
    game = game_result_store(users, score=score, winner_team=winner_team, finished_at=at_)
    LeagueGame.objects.create(game=game, league=league)
    return game


@pytest.fixture
def weekly(make_player, make_league):
    """A weekly league of four whose first season began 8 days ago and ended a day ago."""
    ann, bob, cid, dee = (make_player(name) for name in ("Ann", "Bob", "Cid", "Dee"))
    league = make_league(ann, season_length="week")
    for player in (bob, cid, dee):
        join(league, player)
    starts_at = timezone.now() - timedelta(days=8)
    Membership.objects.filter(league=league).update(joined_at=starts_at)
    Season.objects.filter(league=league).update(
        starts_at=starts_at, ends_at=starts_at + timedelta(days=7)
    )
    return league, Season.objects.get(league=league), [ann, bob, cid, dee]


def test_closing_keeps_the_final_table_and_opens_the_next_season_once(weekly):
    league, season, players = weekly
    league_game(league, players, at_=season.ends_at - timedelta(hours=1))
    # ended after the season's end, before the job ran: the next season's
    late = league_game(league, players, score=(4, 10), winner_team=1, at_=season.ends_at)
    live = season_standings(season_id=season.pk)

    assert close_due_seasons() == 1
    assert close_due_seasons() == 0  # the beat job again: nothing more
    assert seasons_close_due() == 0
    assert season_close(season_id=season.pk) is False

    season.refresh_from_db()
    assert season.closed_at is not None
    assert season_standings(season_id=season.pk) == [replace(row, last_at=None) for row in live]
    assert SeasonStanding.objects.filter(season=season).count() == 4
    following = Season.objects.get(league=league, number=2)
    assert (following.starts_at, following.ends_at, following.closed_at) == (
        season.ends_at,
        season.ends_at + timedelta(days=7),
        None,
    )
    assert Season.objects.filter(league=league).count() == 2
    # the game that ended late leads the new season
    assert [row.name for row in season_standings(season_id=following.pk)][:2] == ["Bob", "Dee"]
    assert late.finished_at == following.starts_at


def test_a_season_that_has_not_ended_is_not_closed(weekly):
    _, season, _ = weekly
    assert season_close(season_id=season.pk, now=season.ends_at - timedelta(seconds=1)) is False
    assert seasons_close_due(now=season.ends_at - timedelta(seconds=1)) == 0
    season.refresh_from_db()
    assert season.closed_at is None and not SeasonStanding.objects.exists()
    assert season_close(season_id=season.pk, now=season.ends_at) is True


def test_after_weeks_without_the_job_every_missed_season_closes_in_one_run(weekly):
    league, season, players = weekly
    # season 1 ended 15 days ago: seasons 2 and 3 are over too, season 4 is current
    Season.objects.filter(pk=season.pk).update(
        starts_at=season.starts_at - timedelta(days=14), ends_at=season.ends_at - timedelta(days=14)
    )
    Membership.objects.filter(league=league).update(joined_at=season.starts_at - timedelta(days=14))
    season.refresh_from_db()
    league_game(league, players, at_=season.ends_at + timedelta(days=3))  # in season 2

    assert seasons_close_due() == 3
    numbers = list(
        Season.objects.filter(league=league).order_by("number").values_list("number", "closed_at")
    )
    assert [number for number, _ in numbers] == [1, 2, 3, 4]
    assert [closed is None for _, closed in numbers] == [False, False, False, True]
    second = Season.objects.get(league=league, number=2)
    assert [row.points for row in season_standings(season_id=second.pk)] == [15, 15, 4, 4]
    current = season_current(league_id=league.pk)
    assert current.number == 4 and current.starts_at <= timezone.now() < current.ends_at


def test_the_current_season_closes_overdue_seasons_first(weekly):
    league, season, _ = weekly
    current = season_current(league_id=league.pk)
    assert current.number == 2
    season.refresh_from_db()
    assert season.closed_at is not None
    assert season_current(league_id=league.pk).pk == current.pk


def test_a_league_whose_members_all_left_stops_after_its_season(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann, season_length="week")
    league_leave(league_id=league.pk, user_id=ann.pk)
    season = Season.objects.get(league=league)
    assert seasons_close_due(now=season.ends_at) == 1
    assert Season.objects.filter(league=league).count() == 1
    assert season_current(league_id=league.pk, now=season.ends_at + timedelta(days=30)) == season


def test_a_season_that_fails_to_close_does_not_stop_the_others(weekly, make_league, monkeypatch):
    league, season, _ = weekly
    other = make_league(season_length="week")
    other_season = Season.objects.get(league=other)
    real_standings = season_services.season_standings_live

    def broken_for_the_first(*, season):
        if season.league_id == league.pk:
            raise RuntimeError("a broken season")
        return real_standings(season=season)

    monkeypatch.setattr(season_services, "season_standings_live", broken_for_the_first)
    assert seasons_close_due(now=other_season.ends_at) == 1
    season.refresh_from_db()
    other_season.refresh_from_db()
    assert season.closed_at is None and other_season.closed_at is not None
    assert not Season.objects.filter(league=league, number=2).exists()


# ---- the Champions League's month end ------------------------------------------------------------


def champions_league(month: date, entrants) -> tuple[League, Season]:
    league = League.objects.create(
        kind=League.Kind.CHAMPIONS,
        name=f"Champions League {month:%B %Y}",
        rules={},
        joining=League.Joining.LINK,
        month=month,
    )
    zone = timezone.get_default_timezone()
    following = (month + timedelta(days=32)).replace(day=1)
    season = Season.objects.create(
        league=league,
        number=1,
        starts_at=datetime(month.year, month.month, 1, tzinfo=zone),
        ends_at=datetime(following.year, following.month, 1, tzinfo=zone),
    )
    for player in entrants:
        Membership.objects.create(league=league, player=player, joined_at=season.starts_at)
    return league, season


def test_a_champions_league_month_end_awards_its_achievements_once(make_player, monkeypatch):
    players = [make_player(f"Cl{n:02d}") for n in range(12)]
    league, season = champions_league(date(2025, 4, 1), players)
    in_april = at("2025-04-10T12:00", UTC)
    # twelve players in six games: the partners of each win 10 to 15 points
    for pair in range(6):
        first, second = players[2 * pair], players[2 * pair + 1]
        league_game(league, [first, None, second, None], score=(5 + pair, 0), at_=in_april)
    calls = []
    real_awards = season_services.achievements_champions_league

    def counted_awards(**kwargs):
        calls.append(kwargs)
        return real_awards(**kwargs)

    monkeypatch.setattr(season_services, "achievements_champions_league", counted_awards)
    now = datetime(2025, 5, 1, 0, 10, tzinfo=UTC)
    assert seasons_close_due(now=now) == 1
    assert seasons_close_due(now=now) == 0
    assert season_close(season_id=season.pk, now=now) is False

    standings = [row.player_id for row in season_standings(season_id=season.pk)]
    assert len(standings) == 12 and calls == [{"year": 2025, "month": 4, "standings": standings}]
    winners = AchievementAward.objects.filter(achievement="cl_winner")
    assert [award.player_id for award in winners] == [standings[0]]
    top = AchievementAward.objects.filter(achievement="cl_top_player")
    assert sorted(award.player_id for award in top) == sorted(standings[:10])
    assert not Season.objects.filter(league=league, number=2).exists()


def test_a_champions_league_without_games_awards_nothing(make_player):
    _, season = champions_league(date(2025, 4, 1), [make_player("Ann")])
    assert seasons_close_due(now=season.ends_at) == 1
    assert not AchievementAward.objects.exists() and not SeasonStanding.objects.exists()


# ---- two closers at once -------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_jobs_closing_at_once_close_each_season_once(weekly, monkeypatch):
    """The second job waits on the season's row lock, then finds it closed: it does not even
    compute the table again."""
    league, season, players = weekly
    league_game(league, players, at_=season.ends_at - timedelta(hours=1))
    computed = []
    real_standings = season_services.season_standings_live

    def counted_standings(*, season):
        computed.append(season.pk)
        return real_standings(season=season)

    monkeypatch.setattr(season_services, "season_standings_live", counted_standings)
    start = threading.Barrier(2)
    results = []

    def run() -> None:
        try:
            start.wait()
            results.append(seasons_close_due())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [0, 1]
    assert computed == [season.pk]
    assert SeasonStanding.objects.filter(season=season).count() == 4
    assert Season.objects.filter(league=league).count() == 2
