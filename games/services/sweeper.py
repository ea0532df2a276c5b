"""The sweeper: finds games whose next move no task will make (a worker died, a message was
lost) and queues it again. The queued tasks are keyed by version, so a game the sweeper and a
live timer both reach still moves once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from ..models import Game


@dataclass(frozen=True)
class Stalled:
    game_id: int
    version: int
    timed_out: bool  # a person's turn past its deadline; otherwise a computer's turn


def stalled_games(now: datetime | None = None, limit: int = 500) -> list[Stalled]:
    now = now or timezone.now()
    grace = timedelta(seconds=settings.GAME_SWEEP_GRACE_SECONDS)
    playing = Game.objects.filter(status=Game.Status.PLAYING)
    late_timers = playing.filter(turn_deadline__lt=now - grace).values_list("pk", "version")
    computer_pause = timedelta(seconds=settings.GAME_COMPUTER_PAUSE_SECONDS)
    idle_computers = playing.filter(
        turn_deadline__isnull=True, moved_at__lt=now - computer_pause - grace
    ).values_list("pk", "version")
    return [Stalled(pk, version, True) for pk, version in late_timers[:limit]] + [
        Stalled(pk, version, False) for pk, version in idle_computers[:limit]
    ]


def stalled_games_requeue(now: datetime | None = None) -> int:
    from .. import tasks  # tasks import services; the cycle is broken at call time

    stalled = stalled_games(now)
    for game in stalled:
        task = tasks.turn_timeout if game.timed_out else tasks.computer_turn
        task.delay(game.game_id, game.version)
    return len(stalled)
