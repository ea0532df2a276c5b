"""A season's standings: the site's points over the league's games that ended in the season
while the player was a member; the order and its tie-break; the kept final table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from leagues.models import LeagueGame, Membership, Season, SeasonStanding
from leagues.selectors import (
    StandingRow,
    is_member,
    league_members,
    league_recent_games,
    season_standings,
)
from leagues.services.members import (
    invitation_accept,
    invitation_send,
    league_leave,
    member_remove,
)
from leagues.services.seasons import season_close
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


def backdated(league, days=3):
    """The league's season 1 and its memberships so far began `days` ago."""
    since = timezone.now() - timedelta(days=days)
    Season.objects.filter(league=league).update(starts_at=since)
    Membership.objects.filter(league=league).update(joined_at=since)
    return Season.objects.get(league=league, number=1)


def league_game(league, users, *, score, winner_team=0, ago=None, at=None, cancelled=()):
    finished_at = at or timezone.now() - (ago or timedelta(hours=1))
    game = game_result_store(
        users, score=score, winner_team=winner_team, finished_at=finished_at, cancelled=cancelled
    )
    LeagueGame.objects.create(game=game, league=league)
    return game


def table(season):
    return [
        (row.name, row.games, row.wins, row.points) for row in season_standings(season_id=season.pk)
    ]


@pytest.fixture
def four(make_player, make_league):
    ann, bob, cid, dee = (make_player(name) for name in ("Ann", "Bob", "Cid", "Dee"))
    league = make_league(ann, season_length="week")
    for player in (bob, cid, dee):
        join(league, player)
    season = backdated(league)
    return league, season, (ann, bob, cid, dee)


def test_points_games_wins_and_average_follow_the_sites_points(four):
    league, season, (ann, bob, cid, dee) = four
    # Ann and Cid win 10:6 (10 + 5 each), Bob and Dee 6 each
    league_game(league, [ann, bob, cid, dee], score=(10, 6), ago=timedelta(hours=3))
    # Bob and Dee win 10:8; Dee cancelled: a game for Dee, no points, no win
    league_game(
        league,
        [ann, bob, cid, dee],
        score=(8, 10),
        winner_team=1,
        cancelled=[3],
        ago=timedelta(hours=2),
    )
    # a computer in a seat is no row
    league_game(league, [ann, None, cid, None], score=(10, 2), ago=timedelta(hours=1))

    rows = season_standings(season_id=season.pk)
    assert [(row.name, row.games, row.wins, row.points) for row in rows] == [
        ("Ann", 3, 2, 15 + 8 + 15),
        ("Cid", 3, 2, 15 + 8 + 15),
        ("Bob", 2, 1, 6 + 15),
        ("Dee", 2, 0, 6 + 0),
    ]
    assert [row.position for row in rows] == [1, 2, 3, 4]
    assert rows[0].average == pytest.approx(38 / 3)
    assert rows[3].average == 3.0
    assert isinstance(rows[0], StandingRow)


def test_ties_go_to_more_games_then_the_earlier_last_game_then_the_lower_id(
    make_player, make_league
):
    ann = make_player("Ann")
    league = make_league(ann, season_length="week")
    players = [make_player(name) for name in ("Bob", "Cid", "Dee", "Eve", "Fay", "Gus")]
    for player in players:
        join(league, player)
    season = backdated(league)
    bob, cid, dee, eve, fay, gus = players
    hours = timedelta(hours=1)
    # Bob 16 in one game; Cid 16 in two games (8 + 8): Cid first, with more games
    league_game(league, [bob, None, None, None], score=(11, 0), ago=40 * hours)
    league_game(league, [None, cid, None, None], score=(11, 8), ago=39 * hours)
    league_game(league, [None, cid, None, None], score=(11, 8), ago=38 * hours)
    # Dee and Eve 15 in one game each; Eve's game ended first: Eve before Dee
    league_game(league, [eve, None, None, None], score=(10, 0), ago=30 * hours)
    league_game(league, [dee, None, None, None], score=(10, 0), ago=20 * hours)
    # Fay and Gus partners: all equal, the lower id first
    league_game(league, [fay, None, gus, None], score=(10, 4), ago=10 * hours)
    names = [row[0] for row in table(season)]
    assert names == ["Cid", "Bob", "Eve", "Dee", "Fay", "Gus"]


def test_a_removed_members_games_stop_counting_from_the_removal_on(four):
    league, season, (ann, bob, cid, dee) = four
    league_game(league, [ann, bob, cid, dee], score=(10, 6), ago=timedelta(days=1))
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    # a game that ends after the removal (it was being played): not Bob's, still the others'
    league_game(
        league, [ann, bob, cid, dee], score=(10, 6), at=timezone.now() + timedelta(minutes=5)
    )

    rows = {row[0]: row[1:] for row in table(season)}
    assert rows["Bob"] == (1, 0, 6)  # only the game before the removal
    assert rows["Ann"] == (2, 2, 30) and rows["Dee"] == (2, 0, 12)


def test_a_player_counts_only_games_after_joining_and_before_leaving(make_player, four):
    league, season, (_, bob, cid, dee) = four
    eve = make_player("Eve")
    players = [eve, bob, cid, dee]
    league_game(league, players, score=(10, 6), ago=timedelta(days=2))
    join(league, eve)
    Membership.objects.filter(player=eve).update(joined_at=timezone.now() - timedelta(days=1))
    league_game(league, players, score=(10, 6), ago=timedelta(hours=1))
    league_leave(league_id=league.pk, user_id=dee.pk)
    league_game(league, players, score=(10, 6), at=timezone.now() + timedelta(minutes=1))
    rows = {row[0]: row[1:] for row in table(season)}
    assert rows["Eve"] == (2, 2, 30)  # not the game before joining
    assert rows["Dee"] == (2, 0, 12)  # not the game after leaving
    assert rows["Bob"] == (3, 0, 18)


def test_only_the_leagues_finished_games_with_a_winner_within_the_season_count(
    make_player, make_league, four
):
    league, season, (ann, bob, cid, dee) = four
    other_league = make_league(make_player("Olga"))
    players = [ann, bob, cid, dee]
    league_game(league, players, score=(10, 0), at=season.starts_at)  # counts: [starts, ...
    league_game(league, players, score=(10, 0), at=season.ends_at)  # ... ends): the next season
    league_game(league, players, score=(10, 0), at=season.starts_at - timedelta(seconds=1))
    league_game(other_league, players, score=(10, 0))
    game_result_store(players, score=(10, 0), winner_team=0)  # a public game
    league_game(league, players, score=(3, 2), winner_team=None)  # closed before a winner
    playing = game_result_store(players, score=(5, 5), winner_team=None, status=Game.Status.PLAYING)
    LeagueGame.objects.create(game=playing, league=league)
    assert table(season) == [
        ("Ann", 1, 1, 15),
        ("Cid", 1, 1, 15),
        ("Bob", 1, 0, 0),
        ("Dee", 1, 0, 0),
    ]


def test_a_closed_season_shows_its_kept_final_table(four):
    league, season, (ann, bob, cid, dee) = four
    league_game(league, [ann, bob, cid, dee], score=(10, 6))
    live = season_standings(season_id=season.pk)
    assert season_close(season_id=season.pk, now=season.ends_at)
    kept = season_standings(season_id=season.pk)
    assert [(r.position, r.player_id, r.games, r.wins, r.points, r.average) for r in kept] == [
        (r.position, r.player_id, r.games, r.wins, r.points, r.average) for r in live
    ]
    assert [row.name for row in kept] == ["Ann", "Cid", "Bob", "Dee"]
    # later changes never rewrite a kept table
    LeagueGame.objects.all().delete()
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    assert season_standings(season_id=season.pk) == kept
    assert SeasonStanding.objects.filter(season=season).count() == 4


def test_the_standings_are_one_query_however_many_games(four, django_assert_num_queries):
    league, season, players = four
    for hour in range(1, 6):
        league_game(league, list(players), score=(10, hour), ago=timedelta(hours=hour))
    season = Season.objects.get(pk=season.pk)
    with django_assert_num_queries(2):  # the season, then its table
        rows = season_standings(season_id=season.pk)
    assert rows[0].games == 5


def test_members_and_recent_games_read_without_a_query_per_row(four, django_assert_num_queries):
    league, _, (ann, bob, cid, dee) = four
    for hour in range(1, 13):
        league_game(league, [ann, bob, cid, dee], score=(10, 3), ago=timedelta(hours=hour))
    with django_assert_num_queries(2):
        games = league_recent_games(league_id=league.pk)
        names = [[seat.user.display_name for seat in game.seats.all()] for game in games]
    assert len(games) == 10 and names[0] == ["Ann", "Bob", "Cid", "Dee"]
    assert games[0].finished_at > games[-1].finished_at
    with django_assert_num_queries(1):
        members = [(m.player.display_name, m.role) for m in league_members(league_id=league.pk)]
    assert members[0] == ("Ann", Membership.Role.ORGANISER) and len(members) == 4


def test_is_member_at_a_moment(four):
    league, season, (ann, bob, cid, _) = four
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    removed_at = Membership.objects.get(league=league, player=bob).ended_at
    assert is_member(league_id=league.pk, user_id=bob.pk, at=removed_at - timedelta(days=1))
    assert not is_member(league_id=league.pk, user_id=bob.pk, at=removed_at)
    assert not is_member(league_id=league.pk, user_id=bob.pk)
    assert not is_member(
        league_id=league.pk, user_id=cid.pk, at=season.starts_at - timedelta(days=1)
    )
