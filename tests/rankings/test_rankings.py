"""Stored points, the monthly tables, closing a month and ranks (seed 000's "Player rankings",
"Long term rankings" and "Ranks and levels": every number of their examples)."""

from __future__ import annotations

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from economy.models import LedgerEntry, Wallet
from economy.services.wallet import wallet_spend
from games.models import Game
from rankings.models import GamePoints, LongTermAward, MonthCarry, MonthClose, PlayerRank
from rankings.selectors import (
    month_table_page,
    month_table_position,
    overall_ranking,
    player_profile,
)
from rankings.services.game_points import game_points_record
from rankings.services.month_close import award_for_position, month_close
from rankings.services.ranks import month_progress, ranks_reach
from rankings.tables import AVERAGE, TOTAL
from rankings.tasks import close_previous_month, game_finished
from tests.games.finished_games import game_result_store
from tests.rankings.rows import at, points_row

pytestmark = pytest.mark.django_db

SEED_AWARDS = [1000, 900, 800, 750, 700, 650, 600, 550, 520, 500, 490, 480]
SEED_AWARDS += [480 - 10 * n for n in range(1, 39)]  # "reducing by 10 points until the end"


# ---- points of a finished game -----------------------------------------------------------------


def test_a_finished_game_stores_the_seed_points_once_however_often_the_task_runs(make_player):
    ann, bob, cid, dee = (make_player() for _ in range(4))
    game = game_result_store([ann, bob, cid, dee], score=(11, 7), winner_team=0, cancelled=[2])
    game_finished(game.pk)
    game_finished(game.pk)
    stored = {row.player_id: (row.points, row.won) for row in GamePoints.objects.all()}
    # winners 11 + 5, losers 7; Cid cancelled: the game counts, its points are forfeit
    assert stored == {
        ann.pk: (16, True),
        bob.pk: (7, False),
        cid.pk: (0, False),
        dee.pk: (7, False),
    }


def test_computer_seats_and_games_without_a_winner_store_nothing(make_player):
    ann = make_player()
    game = game_result_store([ann, None, None, None], score=(3, 10), winner_team=1)
    assert game_points_record(game_id=game.pk) == [ann.pk]
    assert list(GamePoints.objects.values_list("player_id", "points")) == [(ann.pk, 3)]
    closed = game_result_store([ann, None, None, None], score=(0, 0), winner_team=None)
    playing = game_result_store(
        [ann, None, None, None], score=(4, 2), winner_team=None, status=Game.Status.PLAYING
    )
    assert game_points_record(game_id=closed.pk) == []
    assert game_points_record(game_id=playing.pk) == []
    assert GamePoints.objects.count() == 1


def test_a_game_ending_one_second_into_the_month_counts_in_the_new_month(make_player):
    ann = make_player()
    late = game_result_store(
        [ann, None, None, None], score=(10, 1), winner_team=0, finished_at=at("2025-02-28 23:59:59")
    )
    early = game_result_store(
        [ann, None, None, None], score=(10, 2), winner_team=0, finished_at=at("2025-03-01 00:00:01")
    )
    game_finished(late.pk)
    game_finished(early.pk)
    assert GamePoints.objects.get(game=late).month == date(2025, 2, 1)
    assert GamePoints.objects.get(game=early).month == date(2025, 3, 1)


def test_months_are_the_site_time_zones(make_player, settings):
    settings.TIME_ZONE = "America/New_York"
    ann = make_player()
    game = game_result_store(
        [ann, None, None, None], score=(10, 1), winner_team=0, finished_at=at("2025-03-01 03:00")
    )
    game_finished(game.pk)
    assert GamePoints.objects.get(game=game).month == date(2025, 2, 1)  # 22:00 on 28 Feb


def test_the_backfill_command_records_every_finished_game_once(make_player):
    ann, bob = make_player(), make_player()
    for score in ((10, 2), (3, 10), (10, 9)):
        game_result_store([ann, bob, None, None], score=score, winner_team=int(score[1] > score[0]))
    out = StringIO()
    call_command("rankings_backfill", stdout=out)
    assert "3 games" in out.getvalue()
    call_command("rankings_backfill", stdout=out)
    assert "0 games" in out.getvalue()
    assert GamePoints.objects.filter(player=ann).count() == 3
    assert (
        sum(GamePoints.objects.filter(player=ann).values_list("points", flat=True)) == 15 + 3 + 15
    )


# ---- monthly tables ----------------------------------------------------------------------------


def test_award_table_follows_the_seed():
    assert [award_for_position(n) for n in range(1, 51)] == SEED_AWARDS
    assert (award_for_position(12), award_for_position(13)) == (480, 470)
    assert [award_for_position(n) for n in (48, 49, 50)] == [120, 110, 100]
    assert award_for_position(51) == 0
    with pytest.raises(ValueError):
        award_for_position(0)


def test_third_in_total_and_sixth_in_average_gains_1450(make_player, a_game, settings):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 2
    me = make_player("Me")
    for n in range(10):
        points_row(me, a_game(n), 16)  # 160, average 16
    for name in ("Busy", "Bee"):
        busy = make_player(name)
        for n in range(20):
            points_row(busy, a_game(n), 10)  # 200, average 10
    for number in range(5):
        sharp = make_player(f"Sharp{number}")
        for n in range(2):
            points_row(sharp, a_game(n), 17)  # 34, average 17
    assert month_close(year=2025, month=5) is True
    mine = {a.table: (a.position, a.points) for a in LongTermAward.objects.filter(player=me)}
    assert mine == {TOTAL: (3, 800), AVERAGE: (6, 650)}
    assert sum(points for _, points in mine.values()) == 1450


def test_the_average_table_needs_the_minimum_games(make_player, a_game, settings):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 10
    lucky, steady = make_player(), make_player()
    points_row(lucky, a_game(0), 16)
    for n in range(10):
        points_row(steady, a_game(n), 8)
    average = month_table_page(table=AVERAGE, month=date(2025, 5, 1))
    assert [row["player_id"] for row in average.rows] == [steady.pk]
    assert month_table_position(table=AVERAGE, month=date(2025, 5, 1), user_id=lucky.pk) is None
    total = month_table_page(table=TOTAL, month=date(2025, 5, 1))
    assert [row["player_id"] for row in total.rows] == [steady.pk, lucky.pk]


def test_ties_go_to_more_games_then_the_earlier_last_game_then_the_lower_id(make_player, a_game):
    first, second, third, fourth = (make_player() for _ in range(4))
    may = date(2025, 5, 1)
    points_row(fourth, a_game(0), 20, finished_at=at("2025-05-09"))
    points_row(third, a_game(0), 20, finished_at=at("2025-05-08"))
    points_row(first, a_game(0), 10, finished_at=at("2025-05-20"))
    points_row(first, a_game(1), 10, finished_at=at("2025-05-20"))  # 20 in two games
    points_row(second, a_game(0), 20, finished_at=at("2025-05-08"))
    order = [row["player_id"] for row in month_table_page(table=TOTAL, month=may).rows]
    lower, higher = sorted([second.pk, third.pk])
    assert order == [first.pk, lower, higher, fourth.pk]


def test_pages_and_a_players_own_position(make_player, a_game):
    players = [make_player() for _ in range(7)]
    for points, player in enumerate(players, start=1):
        points_row(player, a_game(0), points)
    may = date(2025, 5, 1)
    page = month_table_page(table=TOTAL, month=may, page=2, per_page=3)
    assert (page.page, page.pages, page.players) == (2, 3, 7)
    assert [row["position"] for row in page.rows] == [4, 5, 6]
    assert [row["total"] for row in page.rows] == [4, 3, 2]
    mine = month_table_position(table=TOTAL, month=may, user_id=players[1].pk)
    assert (mine["position"], mine["total"]) == (6, 2)


# ---- closing a month ---------------------------------------------------------------------------


def test_closing_awards_the_top_50_of_each_table_once(make_player, a_game, settings):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 1
    players = [make_player() for _ in range(55)]
    for points, player in enumerate(players, start=1):
        points_row(player, a_game(0), points)  # one game each: the same order in both tables
    assert month_close(year=2025, month=5) is True
    assert month_close(year=2025, month=5) is False
    assert MonthClose.objects.filter(year=2025, month=5).count() == 1
    for table in (TOTAL, AVERAGE):
        awards = LongTermAward.objects.filter(year=2025, month=5, table=table).order_by("position")
        assert [a.points for a in awards] == SEED_AWARDS
        assert [a.player_id for a in awards] == [p.pk for p in reversed(players)][:50]
    assert MonthCarry.objects.filter(year=2025, month=6).count() == 55 - 3  # 30% of 1..3 is 0


def test_1500_in_may_carries_450_into_june_of_earned_points_only(make_player, a_game):
    ann = make_player()
    points_row(ann, a_game(0), 1500)
    month_close(year=2025, month=5)
    assert MonthCarry.objects.get(player=ann, year=2025, month=6).points == 450
    points_row(ann, a_game(1), 100, month=date(2025, 6, 1))
    month_close(year=2025, month=6)
    assert MonthCarry.objects.get(player=ann, year=2025, month=7).points == 30  # not of 550
    december = points_row(ann, a_game(2), 10, month=date(2025, 12, 1))
    assert december.points == 10
    month_close(year=2025, month=12)
    assert MonthCarry.objects.get(player=ann, year=2026, month=1).points == 3


def test_the_close_month_command_and_the_beat_task(make_player, a_game):
    ann = make_player()
    points_row(ann, a_game(0), 100)
    out = StringIO()
    call_command("rankings_close_month", "2025-05", stdout=out)
    call_command("rankings_close_month", "2025-05", stdout=out)
    assert "Closed 2025-05." in out.getvalue() and "already closed" in out.getvalue()
    assert LongTermAward.objects.filter(player=ann).count() == 1  # total only: one game
    now = timezone.localtime()
    previous = (now.year - 1, 12) if now.month == 1 else (now.year, now.month - 1)
    assert close_previous_month() is True
    assert close_previous_month() is False
    assert MonthClose.objects.filter(year=previous[0], month=previous[1]).exists()


def test_closing_records_games_whose_task_was_lost(make_player):
    ann = make_player()
    game_result_store(
        [ann, None, None, None], score=(11, 7), winner_team=0, finished_at=at("2025-05-31 23:00")
    )
    month_close(year=2025, month=5)
    assert LongTermAward.objects.get(player=ann, table=TOTAL).position == 1
    assert MonthCarry.objects.get(player=ann).points == 4  # 30% of 16


def test_the_overall_ranking_sums_the_past_twelve_months(make_player):
    ann, bob = make_player(), make_player()

    def award(player, year, month, points):
        LongTermAward.objects.create(
            player=player, year=year, month=month, table=TOTAL, position=1, points=points
        )

    award(ann, 2024, 5, 1000)  # 13 months before June 2025: defended no more
    award(ann, 2024, 6, 900)
    award(ann, 2025, 5, 800)
    award(bob, 2025, 5, 1000)
    award(bob, 2025, 6, 5000)  # this month is not closed yet: cannot count
    ranking = overall_ranking(now=at("2025-06-15"))
    assert [(row["player_id"], row["points"]) for row in ranking] == [
        (ann.pk, 1700),
        (bob.pk, 1000),
    ]


# ---- ranks -------------------------------------------------------------------------------------


def rank_rewards(player) -> dict[str, int]:
    entries = LedgerEntry.objects.filter(
        wallet_id=player.pk, reason=LedgerEntry.Reason.RANK_REWARD
    ).values_list("idempotency_key", "amount")
    return {key.rsplit(":", 1)[1]: amount for key, amount in entries}


def test_the_seed_example_master_in_may_then_grandmaster_in_june(make_player, a_game, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann = make_player()
    may, june = date(2025, 5, 1), date(2025, 6, 1)
    points_row(ann, a_game(0), 1500, month=may)
    assert [r.name for r in ranks_reach(user_id=ann.pk, month=may)] == [
        "Rookie",
        "Apprentice",
        "Journeyman",
        "Master",
    ]
    assert ranks_reach(user_id=ann.pk, month=may) == []
    assert rank_rewards(ann) == {"rookie": 10, "apprentice": 20, "journeyman": 50, "master": 100}
    month_close(year=2025, month=5)
    assert month_progress(user_id=ann.pk, month=june) == 450
    # June: 10, 50, 200, 500 again pay nothing; 1549 new points are not enough
    for n, points in enumerate((10, 40, 150, 300, 1049), start=1):
        points_row(ann, a_game(n), points, month=june)
        assert ranks_reach(user_id=ann.pk, month=june) == []
    assert month_progress(user_id=ann.pk, month=june) == 450 + 1549
    wallet_spend(  # room under the 200 silver cap for the whole reward
        user_id=ann.pk,
        price=Wallet.objects.get(pk=ann.pk).silver,
        reason=LedgerEntry.Reason.GAME,
        reference="",
        idempotency_key="test:room-for-the-reward",
    )
    points_row(ann, a_game(9), 1, month=june)  # 1550 new points
    assert [r.name for r in ranks_reach(user_id=ann.pk, month=june)] == ["Grandmaster"]
    assert rank_rewards(ann)["grandmaster"] == 200
    assert set(PlayerRank.objects.filter(player=ann).values_list("rank", flat=True)) == {
        "rookie",
        "apprentice",
        "journeyman",
        "master",
        "grandmaster",
    }


def test_a_reward_is_capped_by_the_silver_cap(make_player, a_game, settings):
    settings.ECONOMY_WELCOME_SILVER = 150
    ann = make_player()
    points_row(ann, a_game(0), 200)
    ranks_reach(user_id=ann.pk, month=date(2025, 5, 1))
    assert Wallet.objects.get(pk=ann.pk).silver == 200
    assert PlayerRank.objects.filter(player=ann).count() == 3  # reached even when not paid fully


def test_the_game_finished_task_reaches_ranks_once(make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann = make_player()
    game = game_result_store([ann, None, None, None], score=(11, 0), winner_team=0)  # 16
    game_finished(game.pk)
    game_finished(game.pk)
    assert rank_rewards(ann) == {"rookie": 10}
    # and the day's first game (Early Bird, 50): each paid once
    assert Wallet.objects.get(pk=ann.pk).silver == 10 + 50


def test_the_profile_shows_the_stored_rank_and_this_months_progress(client, make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    me, ann = make_player(), make_player("Ann")
    game = game_result_store([ann, None, None, None], score=(11, 0), winner_team=0)
    game_finished(game.pk)
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    assert "rank-rookie" in body
    assert "This month: 16 points." in body
    assert "Apprentice takes 50 points in one month: 34 more to go." in body
    assert player_profile(user_id=ann.pk).rank.name == "Rookie"
