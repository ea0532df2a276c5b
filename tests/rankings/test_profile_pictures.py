"""The profile's pictures: points per month over the last year as a bar chart, this month's rank
progress as a bar (seed 000: "30% of the points earned in the previous month are carried over";
ranks are kept forever and pay a reward), and the achievements the player earned."""

from __future__ import annotations

import re
from datetime import date, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from rankings.achievements.catalogue import BY_SLUG
from rankings.history import (
    BAR_MAX_HEIGHT,
    BASELINE_Y,
    MonthPoints,
    bar_heights,
    month_chart,
    months_ending_with,
    points_by_month,
    points_short,
)
from rankings.models import MonthCarry, PlayerRank
from rankings.rank_bar import rank_bar
from rankings.ranks import APPRENTICE, CHAMPION, GRANDMASTER, JOURNEYMAN, MASTER, NEWBIE, ROOKIE
from rankings.selectors import player_profile
from rankings.services.achievements import achievement_award
from rankings.services.game_points import game_points_record, month_of
from rankings.services.month_close import month_close
from rankings.services.ranks import ranks_reach
from tests.games.finished_games import game_result_store
from tests.rankings.rows import at

pytestmark = pytest.mark.django_db


def game_recorded(users, *, score: tuple[int, int], finished_at: datetime, winner_team: int = 0):
    """A finished game with its points stored, as the game-finished task stores them."""
    game = game_result_store(users, score=score, winner_team=winner_team, finished_at=finished_at)
    game_points_record(game_id=game.pk)
    return game


# ---- points per month ----


def test_the_chart_covers_the_twelve_months_ending_with_this_one(make_player):
    ann, bob = make_player(), make_player()
    seats = [ann, bob, None, None]
    game_recorded(seats, score=(10, 2), finished_at=at("2024-12-31 23:59:59"))  # 12 months ago
    game_recorded(seats, score=(10, 3), finished_at=at("2025-01-01 00:00:00"))  # 11 months ago
    game_recorded(seats, score=(11, 0), finished_at=at("2025-01-20 12:00"))
    game_recorded(seats, score=(4, 10), finished_at=at("2025-07-04 12:00"), winner_team=1)
    game_recorded(seats, score=(10, 1), finished_at=at("2025-12-31 23:00"))  # this month

    months = points_by_month(user_id=ann.pk, now=at("2025-12-15 12:00"))

    assert [month.month for month in months] == [date(2025, m, 1) for m in range(1, 13)]
    by_month = {month.month.month: month.points for month in months}
    assert by_month == {1: 15 + 16, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 4, 8: 0, 9: 0, 10: 0, 11: 0,
                        12: 15}  # fmt: skip
    assert sum(by_month.values()) == 50  # December 2024's 15 points are not in it
    # the other team's player has their own numbers
    assert points_by_month(user_id=bob.pk, now=at("2025-12-15 12:00"))[6].points == 15


def test_the_chart_s_months_are_those_of_the_site_time_zone(make_player, settings):
    settings.TIME_ZONE = "America/New_York"
    ann = make_player()
    seats = [ann, None, None, None]
    # 23:59:59 on 30 November in New York is already 1 December in UTC
    game_recorded(seats, score=(10, 1), finished_at=at("2025-11-30 23:59:59", "America/New_York"))
    game_recorded(seats, score=(13, 4), finished_at=at("2025-12-01 00:00:01", "America/New_York"))

    december = points_by_month(user_id=ann.pk, now=at("2025-12-01 00:30", "America/New_York"))
    assert [(m.month, m.points) for m in december[-2:]] == [
        (date(2025, 11, 1), 15),
        (date(2025, 12, 1), 18),
    ]
    # 3:00 UTC on 1 December is still 30 November in New York: the chart ends with November
    november = points_by_month(user_id=ann.pk, now=at("2025-12-01 03:00"))
    assert november[-1] == MonthPoints(month=date(2025, 11, 1), points=15)
    assert november[0].month == date(2024, 12, 1)


def test_the_months_are_read_in_one_query(make_player, django_assert_num_queries):
    ann = make_player()
    for month in (1, 3, 5, 7, 9, 11):
        game_recorded(
            [ann, None, None, None], score=(10, 0), finished_at=at(f"2025-{month:02d}-09")
        )
    with django_assert_num_queries(1):
        months = points_by_month(user_id=ann.pk, now=at("2025-11-30"))
    # December 2024 to November 2025
    assert [m.points for m in months] == [0, 15] * 6


def test_months_ending_with_crosses_the_year():
    assert months_ending_with(date(2026, 2, 1), count=4) == [
        date(2025, 11, 1),
        date(2025, 12, 1),
        date(2026, 1, 1),
        date(2026, 2, 1),
    ]


def test_bar_heights_scale_to_the_largest_month_and_are_zero_safe():
    assert bar_heights([0, 0, 0], tallest=150) == [0, 0, 0]
    assert bar_heights([], tallest=150) == []
    assert bar_heights([40, 0, 20, 10], tallest=100) == [100, 0, 50, 25]
    # a month with a few points is never drawn as empty
    assert bar_heights([3000, 1], tallest=150) == [150, 1]


def test_the_chart_s_bars_stand_on_the_baseline_and_mark_this_month_and_the_years():
    points = [0] * 10 + [300, 150]
    months = [MonthPoints(month=m, points=p) for m, p in zip(
        months_ending_with(date(2026, 3, 1)), points, strict=True)]  # fmt: skip
    chart = month_chart(months)
    assert len(chart.bars) == 12
    assert chart.total == 450
    assert (chart.first, chart.last) == (date(2025, 4, 1), date(2026, 3, 1))
    february, march = chart.bars[-2:]
    assert (february.height, march.height) == (BAR_MAX_HEIGHT, BAR_MAX_HEIGHT // 2)
    assert all(bar.y + bar.height == BASELINE_Y for bar in chart.bars)
    assert all(bar.value_y < bar.y for bar in chart.bars)
    assert [bar.current for bar in chart.bars] == [False] * 11 + [True]
    # the year under the first bar and under January
    assert [bar.month for bar in chart.bars if bar.show_year] == [
        date(2025, 4, 1),
        date(2026, 1, 1),
    ]
    # ... but not under a December beside a January: the two years would run together
    from_december = months_ending_with(date(2026, 11, 1))
    december_first = month_chart([MonthPoints(month=m, points=0) for m in from_december])
    assert [bar.month for bar in december_first.bars if bar.show_year] == [date(2026, 1, 1)]
    # side by side within the width: each bar inside its own twelfth
    for index, bar in enumerate(chart.bars):
        assert index * 100 / 12 <= bar.x < bar.x + bar.width <= (index + 1) * 100 / 12 + 1e-9
        assert bar.x < bar.center < bar.x + bar.width


def test_values_too_wide_for_a_phone_s_column_are_shortened():
    assert [points_short(n) for n in (0, 999, 1000, 1500, 9949, 12345)] == [
        "0",
        "999",
        "1k",
        "1.5k",
        "9.9k",
        "12k",
    ]


# ---- rank progress ----


def test_the_rank_bar_is_empty_at_the_start_and_fills_between_the_two_ranks():
    empty = rank_bar(rank=NEWBIE, next_rank=ROOKIE, earned=0, carried=0)
    assert (empty.percent, empty.carried_percent, empty.won_percent) == (0, 0, 0)
    half = rank_bar(rank=APPRENTICE, next_rank=JOURNEYMAN, earned=125, carried=0)
    assert (half.percent, half.won_percent, half.carried_percent) == (50, 50, 0)
    assert half.bar_value == 125 and not half.top


def test_the_rank_bar_stops_at_both_ends():
    # a kept rank with fewer points this month than it takes: nothing filled yet
    below = rank_bar(rank=MASTER, next_rank=GRANDMASTER, earned=100, carried=0)
    assert (below.percent, below.bar_value) == (0, 500)
    over = rank_bar(rank=APPRENTICE, next_rank=JOURNEYMAN, earned=900, carried=60)
    assert (over.percent, over.carried_percent, over.won_percent) == (100, 6.7, 93.3)
    assert over.bar_value == 200


def test_the_carry_is_its_own_segment_before_the_points_won():
    bar = rank_bar(rank=APPRENTICE, next_rank=JOURNEYMAN, earned=30, carried=100)
    # 50 to 200: the carry covers 50..100, the points won 100..130
    assert (bar.carried_percent, bar.won_percent, bar.percent) == (33.3, 20, 53.3)
    assert bar.progress == 130


def test_at_the_highest_rank_the_bar_is_full():
    bar = rank_bar(rank=CHAMPION, next_rank=None, earned=40, carried=3000)
    assert bar.top
    assert (bar.percent, bar.won_percent, bar.carried_percent) == (100, 100, 0)
    assert bar.progress == 3040


def test_the_seed_example_s_rank_bar(make_player):
    """1500 points in May make a Master and carry 450 into June; with 100 won in June the bar
    runs from Master (500) to Grandmaster (2000) at 550."""
    ann = make_player("Ann")
    seats = [ann, None, None, None]
    for day in range(100):  # 100 games of 15 points in May
        game_recorded(seats, score=(10, 0), finished_at=at(f"2025-05-{day % 28 + 1:02d} 12:00"))
    assert ranks_reach(user_id=ann.pk, month=date(2025, 5, 1))[-1] == MASTER
    month_close(year=2025, month=5)
    for _ in range(6):  # 6 * 15 + 10 = 100 in June
        game_recorded(seats, score=(10, 0), finished_at=at("2025-06-02 12:00"))
    game_recorded(seats, score=(5, 0), finished_at=at("2025-06-03 12:00"))

    found = player_profile(user_id=ann.pk, now=at("2025-06-10 12:00"))
    bar = found.rank_bar
    assert (bar.rank, bar.next_rank) == (MASTER, GRANDMASTER)
    assert (bar.earned, bar.carried, bar.progress, bar.bar_value) == (100, 450, 550, 550)
    assert (bar.carried_percent, bar.won_percent, bar.percent) == (0, 3.3, 3.3)
    assert found.month_chart.bars[-2].points == 1500  # May
    assert found.month_chart.bars[-1].points == 100


def test_the_page_shows_the_seed_example_s_bar_and_the_silver_cap(client, make_player):
    ann, me = make_player("Ann"), make_player()
    seats = [ann, None, None, None]
    now = timezone.now()
    this_month = month_of(now)
    last_month = months_ending_with(this_month, count=2)[0]
    for day in range(100):  # 1500 points last month: Master, 450 carried into this one
        day_of_month = last_month.replace(day=day % 28 + 1)
        game_recorded(seats, score=(10, 0), finished_at=at(f"{day_of_month} 12:00"))
    ranks_reach(user_id=ann.pk, month=last_month)
    month_close(year=last_month.year, month=last_month.month)
    for _ in range(6):
        game_recorded(seats, score=(10, 0), finished_at=now)
    game_recorded(seats, score=(5, 0), finished_at=now)

    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    section = body.split('id="rank-progress"')[1].split("</section>")[0]
    assert '<span class="from">Master <small>500</small></span>' in section
    assert '<span class="to">Grandmaster <small>2000</small></span>' in section
    assert 'aria-valuemin="500" aria-valuemax="2000" aria-valuenow="550"' in section
    assert "This month: 550 points (" in section
    assert "100 won + " in section and "450 carried over from last month)." in section
    # the carry lies below Master's 500: the 50 points above it are all won this month
    assert 'class="segment carried"' not in section
    assert '<span class="segment won" style="width: 3.3%"></span>' in section
    # the legend marks only what the bar draws
    assert 'class="key won"' in section and 'class="key carried"' not in section
    assert "Rank rewards are paid in silver; silver stops at 200" in section
    assert "Grandmaster pays 200 silver." in section


def test_a_carry_below_the_rank_s_points_fills_none_of_the_bar(client, make_player):
    ann, me = make_player("Ann"), make_player()
    seats = [ann, None, None, None]
    now = timezone.now()
    this_month = month_of(now)
    last_month = months_ending_with(this_month, count=2)[0]
    # last month: 4 games of 16 = 64 points (Apprentice), 19 carried into this one
    for _ in range(4):
        game_recorded(seats, score=(11, 0), finished_at=at(f"{last_month.isoformat()} 12:00"))
    ranks_reach(user_id=ann.pk, month=last_month)
    month_close(year=last_month.year, month=last_month.month)
    game_recorded(seats, score=(10, 0), finished_at=now)

    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    section = body.split('id="rank-progress"')[1].split("</section>")[0]
    assert "15 won + " in section and "19 carried over from last month)." in section
    assert "Apprentice <small>50</small>" in section
    assert "Journeyman <small>200</small>" in section
    assert 'aria-valuemin="50" aria-valuemax="200" aria-valuenow="50"' in section
    assert "Journeyman takes 200 points in one month: 166 more to go." in section
    # below Apprentice's 50, neither segment fills any of the bar
    assert 'class="segment' not in section


def test_a_carry_above_the_rank_s_points_is_drawn_before_the_points_won(client, make_player):
    ann, me = make_player("Ann"), make_player()
    this_month = month_of(timezone.now())
    PlayerRank.objects.create(
        player=ann, rank=APPRENTICE.slug, threshold=50, reached_at=timezone.now()
    )
    MonthCarry.objects.create(player=ann, year=this_month.year, month=this_month.month, points=100)
    game_recorded([ann, None, None, None], score=(10, 0), finished_at=timezone.now())
    game_recorded([ann, None, None, None], score=(10, 0), finished_at=timezone.now())

    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    section = body.split('id="rank-progress"')[1].split("</section>")[0]
    # 50 to 200: the carry covers 50..100, the 30 won 100..130
    assert (
        '<span class="segment carried" style="width: 33.3%"></span>\n        '
        '<span class="segment won" style="width: 20.0%"></span>'
    ) in section
    assert "This month: 130 points (" in section
    assert "30 won + " in section and "100 carried over from last month)." in section
    assert 'class="key carried"' in section


def test_the_highest_rank_says_so(client, make_player):
    ann, me = make_player("Ann"), make_player()
    PlayerRank.objects.create(
        player=ann, rank=CHAMPION.slug, threshold=CHAMPION.monthly_points, reached_at=timezone.now()
    )
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    section = body.split('id="rank-progress"')[1].split("</section>")[0]
    assert "Champion is the highest rank" in section
    assert 'class="segment won" style="width: 100%"' in section
    assert "pays" not in section


# ---- the page: chart, achievements, queries ----


def test_the_page_draws_twelve_bars_with_their_numbers_in_a_table(client, make_player):
    ann, me = make_player("Ann"), make_player()
    months = months_ending_with(month_of(timezone.now()))
    game_recorded([ann, None, None, None], score=(13, 3), finished_at=at(f"{months[0]} 12:00"))
    game_recorded([ann, None, None, None], score=(10, 0), finished_at=timezone.now())
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    chart = body.split('class="month-bars"')[1].split("</svg>")[0]
    assert chart.count('<g class="bar') == 12
    assert chart.count("<title") == 13  # the chart's and one per bar
    first = months[0].strftime("%B %Y")
    assert f"<title>{first}: 18 points</title>" in chart
    assert ">18</text>" in chart and ">15</text>" in chart
    table = body.split('id="month-points"')[1].split("</table>")[0]
    rows = re.findall(r'<th scope="row">([^<]+)</th><td>(\d+)</td>', table)
    assert len(rows) == 12
    assert rows[0] == (first, "18")
    assert rows[-1][1] == "15" and rows[-1][0].endswith("(so far)")
    assert [points for _, points in rows[1:-1]] == ["0"] * 10


def test_the_achievements_earned_show_with_their_count_and_rule(client, make_player):
    ann, me = make_player("Ann"), make_player()
    lucky = BY_SLUG["lucky_13"]
    achievement_award(user_id=ann.pk, achievement=lucky, occurrence="game:1:game")
    achievement_award(user_id=ann.pk, achievement=lucky, occurrence="game:2:game")
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[ann.pk])).content.decode()
    section = body.split('id="achievements-title"')[1].split("</section>")[0]
    assert '<a href="/achievements/">All achievements</a>' in section
    assert f'<li class="earned" title="{lucky.rule}">' in section
    assert '<span class="earned-name">Lucky 13</span>' in section
    assert '<span aria-hidden="true">\N{MULTIPLICATION SIGN}2</span>' in section
    assert BY_SLUG["lone_wolf"].name not in section  # not earned
    assert "No achievements yet" not in section


def test_a_player_without_achievements_is_told_so(client, make_player):
    me = make_player()
    client.force_login(me)
    body = client.get(reverse("rankings:profile", args=[me.pk])).content.decode()
    section = body.split('id="achievements-title"')[1].split("</section>")[0]
    assert "No achievements yet." in section
    assert "/achievements/" in section


def test_the_page_s_queries_do_not_grow_with_games_months_or_achievements(client, make_player):
    me, ann = make_player(), make_player()
    client.force_login(me)
    url = reverse("rankings:profile", args=[ann.pk])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    months = months_ending_with(month_of(timezone.now()))
    game_recorded([ann, None, None, None], score=(10, 2), finished_at=timezone.now())
    achievement_award(user_id=ann.pk, achievement=BY_SLUG["lucky_13"], occurrence="game:1:game")
    client.get(url)  # the day's first page also counts the daily visit (economy)
    few = queries()
    for month in months:
        for _ in range(3):
            game_recorded([ann, None, None, None], score=(10, 2), finished_at=at(f"{month} 09:00"))
    for slug in ("magician", "farmers_hand", "undertaker"):
        achievement_award(user_id=ann.pk, achievement=BY_SLUG[slug], occurrence="game:2:game")
    assert queries() == few
