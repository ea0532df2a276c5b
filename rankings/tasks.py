"""Celery tasks of the rankings: thin, idempotent wrappers over the services."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from games.models import Game

from .services.achievements import achievements_after_game
from .services.game_points import game_points_record, month_of
from .services.month_end import month_end
from .services.ranks import ranks_reach


@shared_task(name="rankings.game_finished")
def game_finished(game_id: int) -> None:
    """Queued (by name) when games commits a finished game: its points, the ranks reached, then
    the achievements (which read the recorded points). Every step is idempotent."""
    players = game_points_record(game_id=game_id)
    if not players:
        return
    finished_at = Game.objects.values_list("finished_at", flat=True).get(pk=game_id)
    for player_id in players:
        ranks_reach(user_id=player_id, month=month_of(finished_at))
    achievements_after_game(game_id=game_id)


@shared_task(name="rankings.close_previous_month")
def close_previous_month() -> bool:
    """Ends the month before the current one in the site's time zone: closes it (nothing if
    closed) and awards its month achievements (none twice). True if this run closed it."""
    this_month = month_of(timezone.now())
    year, month = (
        (this_month.year - 1, 12)
        if this_month.month == 1
        else (this_month.year, this_month.month - 1)
    )
    return month_end(year=year, month=month).closed_now
