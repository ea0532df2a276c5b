"""Closes a month by hand: rankings_close_month 2026-10 (nothing if it is closed already).
With --again, a closed month's awards and carry are made afresh from the recorded points."""

from __future__ import annotations

from datetime import date

from django.core.management.base import BaseCommand, CommandError

from rankings.models import LongTermAward
from rankings.services.month_end import month_end
from rankings.services.month_rerun import month_end_again, month_is_over, month_not_over_message


class Command(BaseCommand):
    help = "Award the month's long-term points and carry 30% into the next month (YYYY-MM)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("month", help="YYYY-MM")
        parser.add_argument(
            "--again",
            action="store_true",
            help="Close a closed month again from its recorded points, e.g. after removing a "
            "cheater's points: its long-term awards and carry are remade. Coins already paid "
            "(achievements, rank rewards) stay paid.",
        )

    def handle(self, *args, **options) -> None:
        try:
            first = date.fromisoformat(f"{options['month']}-01")
        except ValueError as error:
            raise CommandError("Give the month as YYYY-MM, e.g. 2026-10.") from error
        if not month_is_over(year=first.year, month=first.month):
            # closed early, the month's last games would never count
            raise CommandError(month_not_over_message(year=first.year, month=first.month))
        if options["again"]:
            try:
                ended = month_end_again(year=first.year, month=first.month, staff_id=None)
            except ValueError as refused:
                raise CommandError(str(refused)) from refused
            awards = LongTermAward.objects.filter(year=first.year, month=first.month).count()
            self.stdout.write(
                f"Closed {first:%Y-%m} again from the recorded points: {awards} long-term awards."
            )
        else:
            ended = month_end(year=first.year, month=first.month)
            if ended.closed_now:
                self.stdout.write(f"Closed {first:%Y-%m}.")
            else:
                self.stdout.write(f"{first:%Y-%m} was already closed: nothing done.")
        if ended.achievements_awarded:
            self.stdout.write(f"{ended.achievements_awarded} month achievements awarded.")
