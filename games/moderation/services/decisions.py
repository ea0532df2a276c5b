"""Staff decisions about players: dismiss a report, warn, block forever, lift a block.

Seed 000: "We encourage you to report abuse and we will block the user forever." Every decision
is a `ModerationDecision` row (who, when, the note, the report) written in the same transaction
as its effects. A block shuts the player out at once: the account is inactive, they leave the
quick-play queue and every unfinished table (the computer plays their seat to the end and they
forfeit its points, as after a cancel), all open reports against them are closed as actioned,
and after commit every socket of theirs is told and closed.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from accounts.services.blocks import account_block, account_unblock
from games.errors import Refused
from games.live.services.player_sockets import player_sockets_tell_on_commit
from games.moderation.models import AbuseReport, ModerationDecision
from games.tables.services.quick_play import queue_leave
from games.tables.services.tables import player_tables_leave

from .notices import block_notify, report_outcome_notify, warning_notify

Kind = ModerationDecision.Kind


class ModerationRefused(Refused):
    """A staff decision that was not taken."""


def player_block(
    *, staff_id: int, player_id: int, report_id: int | None = None, note: str = ""
) -> ModerationDecision | None:
    """Blocks the player forever (until staff lift it). Repeating it changes nothing: the
    decision, or None when the player was already blocked and no open report was left."""
    _check_player(staff_id=staff_id, player_id=player_id)
    with transaction.atomic(durable=True):
        # the player's row first, then reports: two blocks of one player queue on the player
        blocked_now = account_block(user_id=player_id)
        report = _locked_report(report_id, player_id=player_id, must_be_open=False)
        if blocked_now:
            queue_leave(user_id=player_id)  # before the seats: a matcher holding the entry ends
            player_tables_leave(user_id=player_id)
            player_sockets_tell_on_commit(user_id=player_id, event={"type": "player.blocked"})
        # a block answers every open report against the player, not only the one at hand
        closed = _close_open_reports(player_id, AbuseReport.Status.ACTIONED, note)
        if not blocked_now and not closed:
            return None
        decision = _record(staff_id, player_id, Kind.BLOCK, report, note)
        if blocked_now:
            block_notify(decision=decision)
        return decision


def player_unblock(*, staff_id: int, player_id: int, note: str = "") -> ModerationDecision | None:
    """Lifts a block: the player may log in again. None when they were not blocked."""
    _check_staff(staff_id)
    with transaction.atomic(durable=True):
        if not account_unblock(user_id=player_id):
            return None
        return _record(staff_id, player_id, Kind.UNBLOCK, None, note)


def player_warn(
    *, staff_id: int, player_id: int, report_id: int | None = None, note: str = ""
) -> ModerationDecision:
    """A warning the player sees on every page until they acknowledge it; the report, if
    any, is closed as actioned."""
    _check_player(staff_id=staff_id, player_id=player_id)
    with transaction.atomic(durable=True):
        report = _locked_report(report_id, player_id=player_id, must_be_open=True)
        if User.objects.filter(pk=player_id, blocked_at__isnull=False).exists():
            raise ModerationRefused(
                "blocked", "This player is blocked: they would never see a warning."
            )
        if report is not None:
            _close(report, AbuseReport.Status.ACTIONED, note)
        decision = _record(staff_id, player_id, Kind.WARN, report, note)
        warning_notify(decision=decision)
        return decision


def report_dismiss(*, staff_id: int, report_id: int, note: str = "") -> ModerationDecision:
    """The report needs no action; the decision is recorded all the same."""
    _check_staff(staff_id)
    with transaction.atomic(durable=True):
        report = AbuseReport.objects.select_for_update().filter(pk=report_id).first()
        if report is None:
            raise ModerationRefused("no_report", "There is no such report.")
        _check_open(report)
        _close(report, AbuseReport.Status.DISMISSED, note)
        return _record(staff_id, report.reported_id, Kind.DISMISS, report, note)


def warning_acknowledge(*, user_id: int, decision_id: int) -> bool:
    """The player read their warning; it leaves their pages. False if it already had."""
    with transaction.atomic():
        warning = (
            ModerationDecision.objects.select_for_update()
            .filter(pk=decision_id, player_id=user_id, kind=Kind.WARN)
            .first()
        )
        if warning is None:
            raise ModerationRefused("no_warning", "There is no such warning for you.")
        if warning.acknowledged_at is not None:
            return False
        warning.acknowledged_at = timezone.now()
        warning.save(update_fields=["acknowledged_at"])
    return True


def _check_staff(staff_id: int) -> None:
    staff = User.objects.filter(pk=staff_id).values_list("is_staff", "is_active").first()
    if staff != (True, True):
        raise ModerationRefused("not_staff", "Only staff take decisions about players.")


def _check_player(*, staff_id: int, player_id: int) -> None:
    """Staff may act on this player: not themselves, and not another staff account."""
    _check_staff(staff_id)
    if staff_id == player_id:
        raise ModerationRefused("self", "You cannot take a decision about yourself.")
    if User.objects.filter(pk=player_id, is_staff=True).exists():
        raise ModerationRefused(
            "staff", "This is a staff account: remove its staff status first, in Users."
        )


def _locked_report(
    report_id: int | None, *, player_id: int, must_be_open: bool
) -> AbuseReport | None:
    if report_id is None:
        return None
    report = AbuseReport.objects.select_for_update().filter(pk=report_id).first()
    if report is None or report.reported_id != player_id:
        raise ModerationRefused("no_report", "There is no such report about this player.")
    if must_be_open:
        _check_open(report)
    return report


def _check_open(report: AbuseReport) -> None:
    """A second click on a decided report is refused, so that it is decided once."""
    if report.status != AbuseReport.Status.OPEN:
        raise ModerationRefused(
            "already_decided",
            f"This report was already closed ({report.get_status_display().lower()}).",
        )


def _close_open_reports(player_id: int, status: str, note: str) -> int:
    reports = AbuseReport.objects.select_for_update().filter(
        reported_id=player_id, status=AbuseReport.Status.OPEN
    )
    closing = list(reports.order_by("pk"))
    for report in closing:
        _close(report, status, note)
    return len(closing)


def _close(report: AbuseReport, status: str, note: str) -> None:
    report.status = status
    if note:
        report.staff_note = "\n".join(filter(None, [report.staff_note, note]))
    report.save(update_fields=["status", "staff_note"])
    report_outcome_notify(report=report)


def _record(
    staff_id: int, player_id: int, kind: str, report: AbuseReport | None, note: str
) -> ModerationDecision:
    return ModerationDecision.objects.create(
        player_id=player_id, staff_id=staff_id, kind=kind, report=report, note=note.strip()
    )
