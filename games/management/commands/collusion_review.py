"""`python manage.py collusion_review`: the partner-collusion review now, as beat runs it daily (the
task `games.collusion_review`). The work is done by `games.moderation.collusion.services`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.moderation.collusion.services import REVIEW_WINDOW_DAYS, collusion_review_run


class Command(BaseCommand):
    help = (
        "Recompute the partner-collusion flags from the finished games of the last "
        f"{REVIEW_WINDOW_DAYS} days (staff read and decide them in the admin)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        run = collusion_review_run()
        self.stdout.write(
            f"Read {run.games} finished games: {run.flagged} pair(s) flagged "
            f"({run.new} new), {run.cleared} no longer flagged."
        )
