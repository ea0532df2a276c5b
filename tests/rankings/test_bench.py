"""The month-end bench (`python -m rankings.bench`) at a tiny size: the data it builds is what
the site would have recorded, and the figures it prints are the rows month end wrote. The
bench's timings are printed, never asserted."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.db.models import Count, Sum
from django.utils import timezone

from games.models import Game, Seat
from rankings.bench import FIRST_MONTH, bench_data_build, month_end_measured
from rankings.models import AchievementAward, GamePoints, LongTermAward, MonthCarry
from rankings.points import seat_game_points
from rankings.services.game_points import game_points_backfill
from rankings.tables import average_min_games

pytestmark = pytest.mark.django_db

YEAR, MONTH = FIRST_MONTH.year, FIRST_MONTH.month


def test_the_bench_builds_finished_games_with_every_seats_points_recorded():
    built = bench_data_build(players=200, games=1_000)

    built_rows = (built.players, built.games, built.seats, built.game_points)
    assert built_rows == (200, 1_000, 4_000, 4_000)
    games = Game.objects.filter(status=Game.Status.FINISHED, winner_team__isnull=False)
    assert games.filter(finished_at__year=YEAR, finished_at__month=MONTH).count() == 1_000
    assert Seat.objects.filter(user__isnull=False).count() == 4_000
    # the SQL repeats seed 000's rule: every row agrees with rankings.points
    seats = {
        (seat.game_id, seat.user_id): seat for seat in Seat.objects.select_related("game").all()
    }
    for row in GamePoints.objects.all():
        seat = seats[row.game_id, row.player_id]
        expected = seat_game_points(seat.game, seat)
        assert (row.points, row.cancelled, row.finished_at) == (
            expected,
            seat.cancelled,
            seat.game.finished_at,
        )
        assert row.month == FIRST_MONTH
        assert row.day == timezone.localtime(row.finished_at).date()
    zone = timezone.get_default_timezone()
    nothing_unrecorded = game_points_backfill(
        finished_from=datetime(YEAR, MONTH, 1, tzinfo=zone),
        finished_to=datetime(YEAR, MONTH + 1, 1, tzinfo=zone),
    )
    assert nothing_unrecorded == 0


def test_the_bench_reports_the_rows_month_end_wrote_and_a_second_run_writes_none():
    bench_data_build(players=200, games=1_000)
    per_player = GamePoints.objects.values("player_id").annotate(
        total=Sum("points"), games=Count("*")
    )
    # both tables award all 50 places only if 50 players qualify for each
    assert per_player.filter(total__gt=0).count() >= 50
    assert per_player.filter(total__gt=0, games__gte=average_min_games()).count() >= 50
    carrying = sum(1 for row in per_player if row["total"] * 30 // 100 > 0)

    first = month_end_measured(year=YEAR, month=MONTH)

    assert first.closed_now
    assert first.awards == 100 == LongTermAward.objects.filter(year=YEAR, month=MONTH).count()
    carried = MonthCarry.objects.filter(year=YEAR, month=MONTH + 1).count()
    assert first.carries == carrying == carried
    # Top player for each of the top 10, and Month winner for the first
    assert first.achievements == 11 == AchievementAward.objects.count()

    again = month_end_measured(year=YEAR, month=MONTH)

    assert (again.closed_now, again.awards, again.carries, again.achievements) == (False, 0, 0, 0)
