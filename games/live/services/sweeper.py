"""The sweeper: finds games whose next move no task will make (a worker died, a message was
lost) and queues it again. The queued tasks are keyed by version, so a game the sweeper and a
live timer both reach still moves once. A computers' run waiting out a pace or the pause between
two hands (`hand_pause`) is still in its queue, and queuing it again adds nothing
(`computer_runs.run_queue`); a person's deadline already holds that pause.

It also tells the tables that went quiet which version they are at: a process that died
between committing a move and telling the table (a daphne or a worker killed, Redis down at
that moment) would otherwise leave the players on other processes waiting for a state that
never comes. Sockets that already have that version send nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Game

from .after_move import announce_if_newer
from .move_queue import computer_turn_queue, turn_timeout_queue


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


def quiet_games(now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, version) of the games whose last move is between one and three sweeps past the
    grace: each quiet game is told about two or three times, however the sweeps fall."""
    now = now or timezone.now()
    grace = timedelta(seconds=settings.GAME_SWEEP_GRACE_SECONDS)
    every = timedelta(seconds=settings.GAME_SWEEP_EVERY_SECONDS)
    return list(
        Game.objects.filter(
            status=Game.Status.PLAYING,
            moved_at__lt=now - grace,
            moved_at__gte=now - grace - 3 * every,
        ).values_list("pk", "version")
    )


def stalled_games_requeue(now: datetime | None = None) -> int:
    for game_id, version in quiet_games(now):
        announce_if_newer(game_id, version)
    queued = 0
    for game in stalled_games(now):
        queue = turn_timeout_queue if game.timed_out else computer_turn_queue
        queued += queue(game.game_id, game.version)  # not if it still waits in the queue
    return queued
