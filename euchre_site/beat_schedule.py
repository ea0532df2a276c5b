"""What beat runs and when (settings.CELERY_BEAT_SCHEDULE). Beat writes it into
django-celery-beat's tables, where staff can change it in the admin."""

from __future__ import annotations

from typing import Any

from celery.schedules import crontab


def beat_schedule(
    sweep_every_seconds: float, timer_every_seconds: float
) -> dict[str, dict[str, Any]]:
    return {
        # people's turn deadlines: the timeouts due are queued by this tick, not by each move
        "games.turn_timers": {
            "task": "games.turn_timers",
            "schedule": timer_every_seconds,
            "options": {"expires": timer_every_seconds},
        },
        "games.sweep_stalled_games": {
            "task": "games.sweep_stalled_games",
            "schedule": sweep_every_seconds,
            "options": {"expires": sweep_every_seconds * 2},
        },
        # game reviews whose run went quiet (a worker died) are queued again
        "games.sweep_stalled_reviews": {
            "task": "games.sweep_stalled_reviews",
            "schedule": 60.0,
            "options": {"expires": 55},
        },
        # seed 000: the month closes (long-term awards, 30% carried over) just after midnight on
        # the 1st. The crontab is read in CELERY_TIMEZONE, which may differ from TIME_ZONE (the
        # site's months), so it runs at five past every hour: the task closes the
        # previous month of the SITE's time zone and does nothing once it is closed (one indexed
        # lookup), which also catches up after beat was down at midnight.
        "rankings.close_previous_month": {
            "task": "rankings.close_previous_month",
            "schedule": crontab(minute=5),
            "options": {"expires": 3000},
        },
        # league seasons end at any moment of the day (a week after creation): each run closes
        # the seasons whose end has passed, keeps their final tables and opens the next seasons
        "leagues.close_due_seasons": {
            "task": "leagues.close_due_seasons",
            "schedule": 600.0,
            "options": {"expires": 540},
        },
        # the partner-collusion review for staff: recomputes its flags from the finished games
        # once a day, at a quiet hour (each run replaces the last one's figures)
        "games.collusion_review": {
            "task": "games.collusion_review",
            "schedule": crontab(hour=4, minute=40),
            "options": {"expires": 6 * 3600},
        },
    }
