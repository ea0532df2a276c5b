"""A player's profile: rank, games, points this month and all time, recent games (seed 000's
points and ranks; "the points from that game will count towards the next month's score" when a
game ends after the month does)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games.models import Game
from games.players.names import computer_name
from rankings.selectors import player_best_month_points, player_profile, player_totals
from rankings.services.month_close import month_close
from rankings.tasks import game_finished
from tests.games.finished_games import finished_game_store, game_result_store
from tests.rankings.rows import at

pytestmark = pytest.mark.django_db

UTC = ZoneInfo("UTC")


def test_totals_follow_the_seed_example_and_a_cancelled_game_gives_nothing(make_player):
    ann, bob, cid, dee = (make_player(name) for name in ("Ann", "Bob", "Cid", "Dee"))
    game_result_store([ann, bob, cid, dee], score=(11, 7), winner_team=0)  # Ann +16
    game_result_store([bob, ann, dee, cid], score=(10, 4), winner_team=0)  # Ann +4
    game_result_store([ann, bob, cid, dee], score=(12, 3), winner_team=0, cancelled=[0])  # 0
    totals = player_totals(user_id=ann.pk)
    assert totals.points_all_time == 20
    assert (totals.games_played, totals.games_won, totals.games_cancelled) == (3, 1, 1)
    # her partner in the cancelled game keeps what the team won
    assert player_totals(user_id=cid.pk).points_all_time == 16 + 4 + 17


def test_only_finished_games_with_a_winner_count(make_player):
    ann, bob = make_player(), make_player()
    game_result_store([ann, bob, None, None], score=(0, 0), winner_team=None)  # closed table
    game_result_store(
        [ann, bob, None, None], score=(6, 2), winner_team=None, status=Game.Status.PLAYING
    )
    totals = player_totals(user_id=ann.pk)
    assert (totals.games_played, totals.points_all_time) == (0, 0)
    game_result_store([ann, bob, None, None], score=(10, 2), winner_team=0)
    assert player_totals(user_id=ann.pk).points_all_time == 15


def test_a_game_finishing_one_second_into_the_month_counts_in_the_new_month(make_player):
    ann, bob = make_player(), make_player()
    seats = [ann, bob, None, None]
    game_result_store(seats, score=(10, 1), winner_team=0, finished_at=at("2025-02-28 23:59:59"))
    game_result_store(seats, score=(10, 2), winner_team=0, finished_at=at("2025-03-01 00:00:01"))
    march = player_totals(user_id=ann.pk, now=at("2025-03-15 12:00"))
    february = player_totals(user_id=ann.pk, now=at("2025-02-10 12:00"))
    assert (march.points_this_month, february.points_this_month) == (15, 15)
    assert march.points_all_time == 30
    assert player_totals(user_id=bob.pk, now=at("2025-03-01 00:00:00")).points_this_month == 2


def test_months_are_the_site_time_zones_not_utc(make_player, settings):
    settings.TIME_ZONE = "America/New_York"
    ann, bob = make_player(), make_player()
    seats = [ann, bob, None, None]
    # 23:59:59 on 28 February in New York is already 1 March in UTC
    last_february = at("2025-02-28 23:59:59", "America/New_York")
    first_march = at("2025-03-01 00:00:01", "America/New_York")
    game_result_store(seats, score=(10, 1), winner_team=0, finished_at=last_february)
    game_result_store(seats, score=(10, 3), winner_team=0, finished_at=first_march)
    game_result_store(seats, score=(10, 4), winner_team=0, finished_at=first_march)
    march = player_totals(user_id=ann.pk, now=at("2025-03-20 12:00", "America/New_York"))
    assert march.points_this_month == 30
    assert player_totals(user_id=ann.pk, now=last_february).points_this_month == 15
    assert player_best_month_points(user_id=ann.pk) == 30


def test_the_rank_is_the_stored_one_and_progress_counts_the_carry(make_player):
    ann, bob = make_player(), make_player()
    seats = [ann, bob, None, None]
    for day in range(1, 5):  # 4 games of 16 = 64 in February: Apprentice
        game = game_result_store(
            seats, score=(11, 0), winner_team=0, finished_at=at(f"2025-02-0{day}")
        )
        game_finished(game.pk)
    month_close(year=2025, month=2)  # 30% of 64 = 19 carried into March
    game = game_result_store(seats, score=(10, 0), winner_team=0, finished_at=at("2025-03-01"))
    game_finished(game.pk)
    found = player_profile(user_id=ann.pk, now=at("2025-03-02"))
    assert found.best_month_points == 64
    assert found.rank.name == "Apprentice"
    assert found.next_rank.name == "Journeyman"
    assert found.totals.points_this_month == 15
    progress = found.rank_progress
    assert (progress.earned, progress.carried, progress.progress) == (15, 19, 34)
    assert progress.missing == 200 - 34
    assert player_profile(user_id=bob.pk).rank.name == "Newbie"


def test_another_players_profile_shows_their_numbers_and_recent_games(client, make_player):
    me, ann, bob, cid = (make_player(name) for name in ("Me", "Ann", "Bob", "Cid"))
    now = timezone.now()
    won = game_result_store([ann, bob, cid, None], score=(11, 7), winner_team=0, finished_at=now)
    lost = game_result_store([bob, ann, cid, None], score=(10, 4), winner_team=0)
    game_result_store(
        [ann, bob, cid, None],
        score=(10, 2),
        winner_team=0,
        finished_at=at("2020-05-05"),
    )
    client.force_login(me)
    page = client.get(reverse("rankings:profile", args=[ann.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "<h1>Ann</h1>" in body
    assert 'id="points-this-month">20<' in body  # 16 + 4
    assert 'id="points-all-time">35<' in body  # 16 + 4 + 15
    assert 'id="games-played">3<' in body
    assert 'id="games-won">2<' in body
    assert reverse("games:record", args=[won.pk]) in body
    assert reverse("games:record", args=[lost.pk]) in body
    computer = computer_name(level="strong", game_id=won.pk, position=3)
    assert f"with Cid against Bob and {computer} · strong" in body
    assert "+16" in body and "+4" in body
    assert reverse("accounts:settings") not in body.split('class="page"')[1]
    assert "blocked" not in body


def test_my_own_profile_links_to_my_settings(client, make_player):
    me = make_player("Me")
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[me.pk])).content.decode()
    main = body.split('class="page"')[1]
    assert reverse("accounts:settings") in main
    assert "No finished games yet." in main
    assert "Newbie" in main


def test_a_blocked_players_profile_says_so(client, make_player):
    me = make_player()
    blocked = make_player("Troll", is_active=False, blocked_at=timezone.now())
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[blocked.pk])).content.decode()
    assert "This account is blocked" in body


def test_an_unknown_player_is_not_found_and_visitors_must_log_in(client, make_player):
    me = make_player()
    url = reverse("rankings:profile", args=[me.pk])
    assert reverse("account_login") in client.get(url)["Location"]
    client.force_login(me)
    missing = User.objects.order_by("-pk").values_list("pk", flat=True).first() + 1
    assert client.get(reverse("rankings:profile", args=[missing])).status_code == 404


def test_the_profile_page_reads_a_fixed_number_of_queries_however_many_games(client, make_player):
    me, ann, bob, cid = (make_player() for _ in range(4))
    client.force_login(me)
    url = reverse("rankings:profile", args=[ann.pk])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    game_result_store([ann, bob, cid, None], score=(10, 2), winner_team=0)
    client.get(url)  # the day's first page also counts the daily visit (economy)
    one_game = queries()
    for _ in range(12):
        game_result_store([ann, bob, cid, None], score=(10, 2), winner_team=0)
    assert queries() == one_game


def test_recent_games_link_to_record_pages_that_open(client, make_player):
    me, ann = make_player(), make_player()
    game, _ = finished_game_store([ann, None, me, None], seed="profile-link")
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    record_url = reverse("games:record", args=[game.pk])
    assert record_url in body
    assert client.get(record_url).status_code == 200
