"""Celery tasks of the leagues: thin, idempotent wrappers over the services."""

from __future__ import annotations

from celery import shared_task

from .services.seasons import seasons_close_due


@shared_task(name="leagues.close_due_seasons")
def close_due_seasons() -> int:
    """Closes every season whose end has passed (final table kept, next season opened, the
    Champions League's awards); a second or concurrent run closes nothing more. Returns how
    many seasons this run closed."""
    return seasons_close_due()
