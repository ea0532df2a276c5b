"""Closes a month by hand: rankings_close_month 2026-10 (nothing if it is closed already)."""

from __future__ import annotations

from datetime import date

from django.core.management.base import BaseCommand, CommandError

from rankings.services.month_end import month_end


class Command(BaseCommand):
    help = "Award the month's long-term points and carry 30% into the next month (YYYY-MM)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("month", help="YYYY-MM")

    def handle(self, *args, **options) -> None:
        try:
            first = date.fromisoformat(f"{options['month']}-01")
        except ValueError as error:
            raise CommandError("Give the month as YYYY-MM, e.g. 2026-10.") from error
        ended = month_end(year=first.year, month=first.month)
        if ended.closed_now:
            self.stdout.write(f"Closed {first:%Y-%m}.")
        else:
            self.stdout.write(f"{first:%Y-%m} was already closed: nothing done.")
        if ended.achievements_awarded:
            self.stdout.write(f"{ended.achievements_awarded} month achievements awarded.")
