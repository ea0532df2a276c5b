"""Recording the points of finished games (seed 000's rule in `rankings.points`)."""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import GAME_DECIDED, Game, Seat

from ..models import GamePoints
from ..points import seat_game_points, seat_won


def day_of(moment: datetime) -> date:
    """The day `moment` falls on, in the site's time zone."""
    return timezone.localtime(moment, timezone.get_default_timezone()).date()


def month_of(moment: datetime) -> date:
    """The first day of the month `moment` falls in, in the site's time zone: a game counts in
    the month in which it ends."""
    return day_of(moment).replace(day=1)


def game_points_record(*, game_id: int) -> list[int]:
    """Stores each person's points for the finished game `game_id` (computer seats get
    nothing; a cancelled seat gets a 0 row: the game counts as played). Idempotent: a second
    call stores nothing more. Returns the ids of the players who have a row for the game;
    [] for a game not finished or without a winner, and for a lesson (games.GAME_DECIDED)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED or not game.has_winner or game.lesson:
        return []
    finished_at = game.finished_at
    assert finished_at is not None, "a finished game has the time it finished"
    # the people's seats: the query's filter, and `is not None` again for the type
    people = [
        (seat, seat.user_id)
        for seat in game.seats.filter(user__isnull=False)
        if seat.user_id is not None
    ]
    rows = [
        GamePoints(
            player_id=user_id,
            game_id=game.pk,
            points=seat_game_points(game, seat),
            won=seat_won(game, seat),
            cancelled=seat.cancelled,
            month=month_of(finished_at),
            day=day_of(finished_at),
            finished_at=finished_at,
            variant=game.variant,
        )
        for seat, user_id in people
    ]
    with transaction.atomic():
        GamePoints.objects.bulk_create(rows, ignore_conflicts=True)
    return [user_id for _, user_id in people]


def game_points_backfill(
    *, finished_from: datetime | None = None, finished_to: datetime | None = None
) -> int:
    """Records every finished game with a winner that has people in it but no points rows yet
    (optionally only those finished in [finished_from, finished_to)). Returns how many games."""
    # NOT EXISTS, not NOT IN: PostgreSQL runs it as an anti-join, while NOT IN rescans the
    # points rows for every game once their ids outgrow work_mem (hours at a million games)
    with_people = Seat.objects.filter(game_id=OuterRef("pk"), user__isnull=False)
    recorded = GamePoints.objects.filter(game_id=OuterRef("pk"))
    games = (
        Game.objects.filter(GAME_DECIDED, status=Game.Status.FINISHED)
        .filter(Exists(with_people))
        .exclude(Exists(recorded))
    )
    if finished_from is not None:
        games = games.filter(finished_at__gte=finished_from)
    if finished_to is not None:
        games = games.filter(finished_at__lt=finished_to)
    count = 0
    for game_id in games.order_by("pk").values_list("pk", flat=True).iterator():
        game_points_record(game_id=game_id)
        count += 1
    return count
