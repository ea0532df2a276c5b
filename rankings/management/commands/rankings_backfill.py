"""Records the points of every finished game not recorded yet (idempotent)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from rankings.services.game_points import game_points_backfill


class Command(BaseCommand):
    help = "Record the points of every finished game that has none recorded yet."

    def handle(self, *args, **options) -> None:
        count = game_points_backfill()
        self.stdout.write(f"Recorded the points of {count} game{'s' if count != 1 else ''}.")
