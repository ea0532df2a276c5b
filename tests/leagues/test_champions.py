"""The Champions League: one league per month, entering it (charged once), its four-entrant
tables, and its month end (final table kept, CL Winner and CL Top Player awarded once)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from economy.models import SILVER_CAP, LedgerEntry, Wallet
from economy.services.prices import champions_league_price
from games.models import Game
from games.tables.services.tables import TableError, table_start
from leagues.models import League, LeagueGame, Membership, Season
from leagues.selectors import season_standings
from leagues.services.champions import (
    champions_league_current,
    champions_league_enter,
    champions_league_for,
    champions_table_open,
    champions_table_sit,
)
from leagues.services.errors import LeagueError
from leagues.services.seasons import seasons_close_due
from leagues.tasks import close_due_seasons
from rankings.models import AchievementAward
from tests.economy.coins import wallet_set
from tests.games.finished_games import game_result_store


def cl_charges(player) -> list[LedgerEntry]:
    return list(
        LedgerEntry.objects.filter(wallet_id=player.pk, reason=LedgerEntry.Reason.CHAMPIONS_LEAGUE)
    )


# ---- one league per month ----


@pytest.mark.django_db
def test_the_month_s_league_is_created_once_with_its_season_over_the_whole_month(settings):
    settings.TIME_ZONE = "Europe/Ljubljana"
    league = champions_league_for(month=date(2026, 3, 17))

    assert champions_league_for(month=date(2026, 3, 1)).pk == league.pk
    assert League.objects.filter(kind=League.Kind.CHAMPIONS).count() == 1
    assert (league.month, league.name) == (date(2026, 3, 1), "Champions League March 2026")
    assert league.created_by is None and league.joining == League.Joining.LINK
    season = Season.objects.get(league=league)
    assert season.number == 1
    assert season.starts_at == datetime(2026, 2, 28, 23, tzinfo=UTC)  # UTC+1 in winter
    assert season.ends_at == datetime(2026, 3, 31, 22, tzinfo=UTC)  # UTC+2 in summer


@pytest.mark.django_db
def test_the_current_league_is_the_month_in_the_site_s_time_zone(settings):
    settings.TIME_ZONE = "Europe/Ljubljana"
    last_moment_of_may = datetime(2026, 5, 31, 21, 59, 59, tzinfo=UTC)

    assert champions_league_current(now=last_moment_of_may).month == date(2026, 5, 1)
    assert champions_league_current(now=last_moment_of_may + timedelta(seconds=1)).month == (
        date(2026, 6, 1)
    )


def _waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_creators_get_the_same_league():
    """The first creator holds its new league uncommitted until the second is blocked inserting
    the same month: the second must then find the first's league, not fail."""
    month = date(2026, 2, 1)
    created = threading.Event()
    found: dict[str, int] = {}
    errors: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                found["first"] = champions_league_for(month=month).pk
                created.set()
                deadline = time.monotonic() + 10
                while not _waiting_on_a_lock() and time.monotonic() < deadline:
                    time.sleep(0.02)
        except BaseException as error:  # reported by the assertions below
            errors.append(error)
            created.set()
        finally:
            connection.close()

    def second() -> None:
        try:
            created.wait(10)
            found["second"] = champions_league_for(month=month).pk
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)

    assert errors == []
    assert found["first"] == found["second"]
    assert League.objects.filter(month=month).count() == 1
    assert Season.objects.filter(league__month=month).count() == 1


# ---- entering ----


@pytest.mark.django_db
def test_entering_charges_the_price_once_and_a_second_entry_is_refused(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=30, gold=5)

    membership = champions_league_enter(user_id=player.pk)
    with pytest.raises(LeagueError) as second:
        champions_league_enter(user_id=player.pk)

    assert membership.role == Membership.Role.MEMBER
    assert membership.league == champions_league_current()
    assert second.value.code == "already_member"
    assert "already in the Champions League" in second.value.message
    [charge] = cl_charges(player)
    assert charge.amount == -champions_league_price()
    assert Membership.objects.filter(player=player).count() == 1


@pytest.mark.django_db
def test_the_entry_takes_silver_first_then_gold(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=5, gold=100)

    champions_league_enter(user_id=player.pk)

    charges = {entry.currency: entry.amount for entry in cl_charges(player)}
    assert charges == {"silver": -5, "gold": -(champions_league_price() - 5)}


@pytest.mark.django_db
def test_a_player_who_cannot_pay_is_told_why_and_is_not_entered(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=champions_league_price() - 1, gold=0)

    with pytest.raises(LeagueError) as refused:
        champions_league_enter(user_id=player.pk)

    assert refused.value.code == "not_enough_coins"
    assert refused.value.message == (
        f"This costs {champions_league_price()} coins and you have "
        f"{champions_league_price() - 1}: you need 1 coin more."
    )
    assert not Membership.objects.filter(player=player).exists()
    assert cl_charges(player) == []


@pytest.mark.django_db
def test_a_blocked_player_cannot_enter(make_player):
    player = make_player("Ann")
    player.is_active, player.blocked_at = False, datetime(2026, 1, 1, tzinfo=UTC)
    player.save()

    with pytest.raises(LeagueError) as refused:
        champions_league_enter(user_id=player.pk)

    assert refused.value.code == "inactive"
    assert not Membership.objects.filter(player=player).exists()
    assert cl_charges(player) == []


@pytest.mark.django_db
def test_entering_in_a_new_month_is_a_new_entry_and_a_new_charge(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=100)
    april = datetime(2026, 4, 30, 23, 0, tzinfo=UTC)

    champions_league_enter(user_id=player.pk, now=april)
    champions_league_enter(user_id=player.pk, now=april + timedelta(hours=2))

    months = Membership.objects.filter(player=player).values_list("league__month", flat=True)
    assert sorted(months) == [date(2026, 4, 1), date(2026, 5, 1)]
    assert len(cl_charges(player)) == 2


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_entries_of_one_player_charge_once(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=100)
    champions_league_current()  # the league exists: the race is on the entry alone
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def enter() -> None:
        try:
            start.wait()
            champions_league_enter(user_id=player.pk)
            outcomes.append("entered")
        except LeagueError as refused:
            outcomes.append(refused.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=enter) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)

    assert sorted(outcomes) == ["already_member", "entered"]
    assert len(cl_charges(player)) == 1
    assert Membership.objects.filter(player=player).count() == 1


# ---- tables: four entrants, no computers ----


def _entrants(make_player, *names: str):
    players = [make_player(name) for name in names]
    for player in players:
        champions_league_enter(user_id=player.pk)
    return players


@pytest.mark.django_db
def test_a_champions_league_table_starts_only_with_four_entrants(make_player):
    ann, bob, cat, dan = _entrants(make_player, "Ann", "Bob", "Cat", "Dan")

    game = champions_table_open(user_id=ann.pk)
    champions_table_sit(game_id=game.pk, user_id=bob.pk)
    champions_table_sit(game_id=game.pk, user_id=cat.pk)
    with pytest.raises(TableError) as three:
        table_start(game_id=game.pk, user_id=ann.pk)
    champions_table_sit(game_id=game.pk, user_id=dan.pk)
    table_start(game_id=game.pk, user_id=ann.pk)

    assert three.value.code == "table_not_full"
    game.refresh_from_db()
    assert game.full_table_only and game.kind == Game.Kind.LEAGUE
    assert game.leaguegame.league == champions_league_current()
    assert game.status == Game.Status.PLAYING
    assert [seat.user_id for seat in game.seats.order_by("position")] == [
        ann.pk,
        bob.pk,
        cat.pk,
        dan.pk,
    ]


@pytest.mark.django_db
def test_a_player_who_has_not_entered_cannot_open_a_table_or_sit_at_one(make_player):
    [ann] = _entrants(make_player, "Ann")
    stranger = make_player("Stranger")
    game = champions_table_open(user_id=ann.pk)

    with pytest.raises(LeagueError) as opening:
        champions_table_open(user_id=stranger.pk)
    with pytest.raises(LeagueError) as sitting:
        champions_table_sit(game_id=game.pk, user_id=stranger.pk)

    assert opening.value.code == sitting.value.code == "not_entrant"
    assert "enter it first" in sitting.value.message
    assert not game.seats.filter(user=stranger).exists()


@pytest.mark.django_db
def test_an_entrant_of_last_month_is_not_an_entrant_of_this_month(make_player):
    ann = make_player("Ann")
    champions_league_enter(user_id=ann.pk, now=timezone.now() - timedelta(days=40))

    with pytest.raises(LeagueError) as refused:
        champions_table_open(user_id=ann.pk)

    assert refused.value.code == "not_entrant"


# ---- month end ----

JANUARY = date(2025, 1, 1)


def _in_january(day: int, hour: int = 12) -> datetime:
    return datetime(2025, 1, day, hour, tzinfo=UTC)


def _cl_game(league: League, players, *, score, finished_at: datetime) -> Game:
    game = game_result_store(players, score=score, winner_team=0, finished_at=finished_at)
    LeagueGame.objects.create(game=game, league=league)
    return game


def _awards(slug: str) -> list[int]:
    return sorted(
        AchievementAward.objects.filter(achievement=slug).values_list("player_id", flat=True)
    )


@pytest.mark.django_db
def test_month_end_keeps_the_final_table_and_awards_the_winner_and_top_ten_once(make_player):
    players = [make_player(f"P{number}") for number in range(12)]
    for player in players:
        champions_league_enter(user_id=player.pk, now=_in_january(1))
    league = champions_league_for(month=JANUARY)
    stranger = make_player("Stranger")  # never entered: sits at a table, counts for nothing
    p = players
    # team 0 (seats 0 and 2) wins each; site points: team points, winners +5
    _cl_game(league, [p[0], p[1], p[2], p[3]], score=(12, 1), finished_at=_in_january(3))
    _cl_game(league, [p[4], p[5], p[6], p[7]], score=(10, 8), finished_at=_in_january(4))
    _cl_game(league, [p[8], p[9], p[10], p[11]], score=(10, 3), finished_at=_in_january(5))
    _cl_game(league, [p[1], p[11], p[3], stranger], score=(10, 4), finished_at=_in_january(6))
    # ends after the month: counts in no Champions League
    _cl_game(
        league,
        [p[3], p[1], p[5], p[7]],
        score=(12, 0),
        finished_at=datetime(2025, 2, 1, tzinfo=UTC),
    )

    assert seasons_close_due() == 1
    assert close_due_seasons() == 0  # the beat job's second run: nothing more

    season = Season.objects.get(league=league)
    assert season.closed_at is not None
    final = list(season.standings.order_by("position"))
    assert [(row.player_id, row.points, row.games) for row in final[:2]] == [
        (p[0].pk, 17, 1),  # 17 points, as p[2], who has the higher id
        (p[2].pk, 17, 1),
    ]
    assert {row.player_id for row in final} == {player.pk for player in players}
    # p[1] and p[3] won a second game; p[11] lost one, 7 points, p[9] has 3
    assert [row.player_id for row in final[10:]] == [p[11].pk, p[9].pk]
    assert _awards("cl_winner") == [p[0].pk]
    top_ten = sorted(row.player_id for row in final[:10])
    assert _awards("cl_top_player") == top_ten
    # 600 silver for CL Winner, but silver stops at 200
    assert Wallet.objects.get(pk=p[0].pk).silver == SILVER_CAP
    # the page reads the kept table from now on
    assert [row.player_id for row in season_standings(season_id=season.pk)] == [
        row.player_id for row in final
    ]


@pytest.mark.django_db
def test_a_month_with_nobody_in_its_table_closes_without_awards(make_player):
    champions_league_for(month=JANUARY)

    assert seasons_close_due() == 1
    assert AchievementAward.objects.count() == 0
