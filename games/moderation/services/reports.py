"""Abuse reports: a player reports another player at their table, with the chat around it."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.errors import Refused
from games.live.services.chat import chat_recent
from games.models import Seat
from games.moderation.models import AbuseReport

REPORT_CHAT_EXCERPT = 100


class ReportRejected(Refused):
    """A report that was not filed."""


def report_create(
    *, reporter_id: int, game_id: int, seat: int, reason: str, details: str = ""
) -> AbuseReport:
    """Reports the player in `seat` of the reporter's game; one open report per pair and game."""
    if reason not in AbuseReport.Reason.values:
        raise ReportRejected("bad_reason", "Choose a reason for the report.")
    details = details.strip()[:1000]
    if not Seat.objects.filter(game_id=game_id, user_id=reporter_id).exists():
        raise ReportRejected("not_seated", "You can only report players at your own table.")
    reported = Seat.objects.filter(game_id=game_id, position=seat).first()
    if reported is None or reported.user_id is None:
        raise ReportRejected("no_player", "There is no player in that seat to report.")
    if reported.user_id == reporter_id:
        raise ReportRejected("self", "You cannot report yourself.")
    try:
        with transaction.atomic():
            return AbuseReport.objects.create(
                reporter_id=reporter_id,
                reported_id=reported.user_id,
                game_id=game_id,
                reason=reason,
                details=details,
                chat_excerpt=chat_recent(game_id=game_id, limit=REPORT_CHAT_EXCERPT),
            )
    except IntegrityError as error:
        raise ReportRejected(
            "already_reported", "You have already reported this player in this game."
        ) from error
