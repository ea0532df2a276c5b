"""The partner-collusion review, run daily (`games.collusion_review`) or by hand (`manage.py
collusion_review`): reads the window's finished games, finds the pairs the statistics flag
(`games.moderation.collusion.signals`), and keeps them as `CollusionFlag` rows for staff.

Recomputing is idempotent: a pair keeps its one row, whose evidence is replaced by the latest
figures while the staff decision (status, note, who, when) stays as it was. A pair the latest
run no longer flags keeps its row with `flagged_now` false. Nothing here touches the accounts:
staff read the evidence and decide.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.errors import Refused
from games.moderation.collusion.signals import PairReview, review

from .models import CollusionFlag
from .selectors import finished_games_for_review

# the games read: long enough for a pair that plays a few times a week to reach the minimums,
# short enough that old games (and a pair's old habits) fall out
REVIEW_WINDOW_DAYS = 90
NOTE_MAX_LENGTH = 1000

Status = CollusionFlag.Status


class CollusionDecisionRefused(Refused):
    """A staff decision about a flag that was not taken."""


@dataclass(frozen=True)
class ReviewRun:
    games: int  # finished games read
    flagged: int  # pairs flagged now
    new: int  # ... of which flagged for the first time
    cleared: int  # pairs flagged before that the evidence no longer flags


def evidence_document(found: PairReview) -> dict:
    """The figures of every kind of evidence found about the pair, as JSON."""
    return {
        kind: asdict(evidence)
        for kind, evidence in (
            ("sitting", found.sitting),
            ("results", found.results),
            ("leads", found.leads),
        )
        if evidence is not None
    }


def collusion_review_run(*, now: datetime | None = None) -> ReviewRun:
    """Recomputes every flag from the finished games of the last REVIEW_WINDOW_DAYS."""
    now = now or timezone.now()
    games = finished_games_for_review(since=now - timedelta(days=REVIEW_WINDOW_DAYS))
    found = {entry.pair: entry for entry in review(games)}
    new = cleared = 0
    with transaction.atomic():
        # one run at a time: a second one waits here, then writes the same answers again
        flags = {
            (flag.player_low_id, flag.player_high_id): flag
            for flag in CollusionFlag.objects.select_for_update().order_by("id")
        }
        for pair, entry in found.items():
            fields = {
                "kinds": list(entry.kinds),
                "flagged_now": True,
                "evidence": evidence_document(entry),
                "sample_game_ids": entry.game_ids,
                "computed_at": now,
            }
            flag = flags.get(pair)
            if flag is None:
                CollusionFlag.objects.create(
                    player_low_id=pair[0], player_high_id=pair[1], **fields
                )
                new += 1
            else:
                for name, value in fields.items():
                    setattr(flag, name, value)
                flag.save(update_fields=list(fields))
        gone = [flag.pk for pair, flag in flags.items() if pair not in found and flag.flagged_now]
        cleared = CollusionFlag.objects.filter(pk__in=gone).update(
            flagged_now=False, computed_at=now
        )
    return ReviewRun(games=len(games), flagged=len(found), new=new, cleared=cleared)


DECISIONS = {
    "dismiss": Status.DISMISSED,
    "actioned": Status.ACTIONED,
    "reopen": Status.OPEN,
}


def collusion_flag_decide(
    *, staff_id: int, flag_id: int, decision: str, note: str = ""
) -> CollusionFlag:
    """Staff dismiss a flag (nothing wrong), mark it reviewed with action taken (the note says
    what, and is required: any action itself is taken elsewhere, e.g. a block), or reopen it.
    The note, the staff member and the time are kept; a recomputation keeps them too."""
    status = DECISIONS.get(decision)
    if status is None:
        raise CollusionDecisionRefused(
            "no_such_decision", "Choose Dismiss, Mark reviewed (action taken) or Reopen."
        )
    note = note.strip()
    if len(note) > NOTE_MAX_LENGTH:
        raise CollusionDecisionRefused(
            "note_too_long", f"Keep the note under {NOTE_MAX_LENGTH} characters."
        )
    if status == Status.ACTIONED and not note:
        raise CollusionDecisionRefused(
            "note_needed", "Say in the note what was done (a warning, a block...)."
        )
    if not User.objects.filter(pk=staff_id, is_staff=True, is_active=True).exists():
        raise CollusionDecisionRefused("not_staff", "Only staff decide about collusion flags.")
    with transaction.atomic():
        flag = CollusionFlag.objects.select_for_update().filter(pk=flag_id).first()
        if flag is None:
            raise CollusionDecisionRefused("no_flag", "There is no such flag.")
        if staff_id in (flag.player_low_id, flag.player_high_id):
            raise CollusionDecisionRefused("self", "You cannot decide about a flag on yourself.")
        if flag.status == status:
            raise CollusionDecisionRefused(
                "already", f"This flag is already {flag.get_status_display().lower()}."
            )
        flag.status = status
        flag.staff_note = note
        flag.decided_by_id = staff_id
        flag.decided_at = timezone.now()
        flag.save(update_fields=["status", "staff_note", "decided_by", "decided_at"])
    return flag
