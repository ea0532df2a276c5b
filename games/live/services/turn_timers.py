"""Turn timers by the clock rather than a task per turn: beat runs `games.turn_timers` every
GAME_TIMER_EVERY_SECONDS; it reads the games whose person's deadline has passed (the partial
index `games_playing_deadline`) and queues each one's timeout once. A move costs no timer
message, and a timeout comes at most one tick after its deadline (seed 000's limits are whole
seconds and more). The timeout task is keyed by (game, version), so a player who moved in
between is left alone; a timeout whose task was lost is queued again by the sweeper."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.models import Game

from .move_queue import turn_timeout_queue

# the most timeouts one tick queues: the rest are queued by the next tick
TICK_LIMIT = 1000


def due_timeouts_queue(now: datetime | None = None) -> int:
    """Queues the timeout of every game whose turn deadline has passed, once: not again by a
    later tick within the sweeper's grace (a claim in Redis: a worker may have it in hand),
    nor while it waits in the queue (`move_queue`). After that, a timeout a worker received
    and lost is queued again by the next tick (or the sweeper). Returns how many were
    queued."""
    due = (
        Game.objects.filter(status=Game.Status.PLAYING, turn_deadline__lte=now or timezone.now())
        .order_by("turn_deadline")
        .values_list("pk", "version")[:TICK_LIMIT]
    )
    claim_seconds = max(1, round(settings.GAME_SWEEP_GRACE_SECONDS))
    queued = 0
    for game_id, version in due:
        if cache.add(f"turn-timer:{game_id}:{version}", 1, timeout=claim_seconds):
            queued += turn_timeout_queue(game_id, version)
    return queued
