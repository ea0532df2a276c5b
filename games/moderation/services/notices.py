"""What staff decisions tell players: the warned player, the blocked player (also by e-mail:
they can no longer log in to read it), and the player who made a report, when staff decide it.
Called by `decisions` in the decision's transaction; keyed by the decision or the report."""

from __future__ import annotations

from accounts.models import NotificationKind
from accounts.services.notifications import notify
from games.moderation.models import AbuseReport, ModerationDecision

OUTCOMES: dict[str, str] = {
    AbuseReport.Status.ACTIONED: "staff took action",
    AbuseReport.Status.DISMISSED: "staff found nothing to act on",
}


def warning_notify(*, decision: ModerationDecision) -> None:
    notify(
        recipient_id=decision.player_id,
        kind=NotificationKind.WARNING,
        text="A warning from the staff: "
        + (decision.note or "please keep to the chat rules.")
        + " Players who break the rules are blocked forever.",
        source=f"decision:{decision.pk}",
    )


def block_notify(*, decision: ModerationDecision) -> None:
    # the staff's note may be meant for staff only: the player hears the decision, not it
    notify(
        recipient_id=decision.player_id,
        kind=NotificationKind.BLOCKED,
        text="The staff blocked your account for breaking the site's rules: you can no longer "
        "log in or play. Your unfinished games were handed to the computer.",
        source=f"decision:{decision.pk}",
    )


def report_outcome_notify(*, report: AbuseReport) -> None:
    """The reporter hears how their (now closed) report ended; never the staff's note."""
    if report.reporter_id is None or report.status not in OUTCOMES:
        return
    reported = report.reported.get_short_name()
    notify(
        recipient_id=report.reporter_id,
        kind=NotificationKind.REPORT_OUTCOME,
        text=f"Your report of {reported} ({report.get_reason_display().lower()}) was reviewed: "
        f"{OUTCOMES[report.status]}. Thank you for telling us.",
        source=f"report:{report.pk}",
    )
