"""Notifying a player of what happened to them, and marking notifications read.

`notify` is called by the service that does the thing (an invitation, a purchase credited, a
staff decision ...), inside its transaction: the notification exists exactly when the event
does. Each event has a `source` key, so a replayed webhook or a task run twice finds the
notification it made and makes none. The kinds a player should not miss (EMAILED_KINDS) are
also e-mailed through Django's configured mail backend once the transaction commits, unless
the player turned e-mails off; a mail that fails is logged and never undoes the event.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from ..models import EMAILED_KINDS, Notification, NotificationKind, User

log = logging.getLogger(__name__)


def notify(
    *, recipient_id: int, kind: NotificationKind, text: str, link: str = "", source: str = ""
) -> Notification | None:
    """Records a notification for the player; None when this event (kind and source) notified
    them before. `link` is a path on the site. E-mailed after commit for EMAILED_KINDS."""
    if kind not in NotificationKind.values:
        raise ValueError(f"no notification kind {kind!r}")
    text = text.strip()
    if len(text) > Notification.TEXT_MAX:
        text = text[: Notification.TEXT_MAX - 1] + "…"
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                recipient_id=recipient_id, kind=kind, text=text, link=link, source=source
            )
    except IntegrityError:
        if not source:
            raise
        return None  # the same event again (a replay, a rerun)
    if kind in EMAILED_KINDS:
        transaction.on_commit(lambda: notification_email_send(notification_id=notification.pk))
    return notification


def notify_each(
    *,
    recipient_ids: Iterable[int],
    kind: NotificationKind,
    text: str,
    link: str = "",
    source: str = "",
) -> int:
    """The same notification for several players (a league's members); how many were new."""
    return sum(
        notify(recipient_id=recipient_id, kind=kind, text=text, link=link, source=source)
        is not None
        for recipient_id in dict.fromkeys(recipient_ids)
    )


def notification_email_send(*, notification_id: int) -> bool:
    """E-mails the notification to its player, once, unless they turned e-mails off. True if
    a mail was handed to the backend."""
    notification = (
        Notification.objects.select_related("recipient").filter(pk=notification_id).first()
    )
    if notification is None or notification.kind not in EMAILED_KINDS:
        return False
    recipient = notification.recipient
    if not recipient.notification_emails or not recipient.email:
        return False
    # claimed before sending: two calls for one notification send one mail
    claimed = Notification.objects.filter(pk=notification_id, emailed_at__isnull=True).update(
        emailed_at=timezone.now()
    )
    if not claimed:
        return False
    try:
        send_mail(
            subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{notification.get_kind_display()}",
            message=_email_body(notification),
            from_email=None,  # DEFAULT_FROM_EMAIL
            recipient_list=[recipient.email],
        )
    except Exception:
        log.exception("notification %s could not be e-mailed", notification_id)
        Notification.objects.filter(pk=notification_id).update(emailed_at=None)
        return False
    return True


def _email_body(notification: Notification) -> str:
    site = settings.SITE_URL.rstrip("/")
    lines = [notification.text, ""]
    if notification.link:
        lines += [f"{site}{notification.link}", ""]
    if notification.kind != NotificationKind.BLOCKED:
        lines += [
            "Your notifications: " + site + reverse("notifications:list"),
            "You can turn these e-mails off in your settings: "
            + site
            + reverse("accounts:settings")
            + "#emails",
        ]
    return "\n".join(lines) + "\n"


def notifications_mark_read(*, user_id: int, notification_ids: Iterable[int]) -> int:
    """Marks these notifications of the player read (others' are left alone); how many were
    unread."""
    return Notification.objects.filter(
        recipient_id=user_id, pk__in=list(notification_ids), read_at__isnull=True
    ).update(read_at=timezone.now())


def notifications_mark_all_read(*, user_id: int) -> int:
    return Notification.objects.filter(recipient_id=user_id, read_at__isnull=True).update(
        read_at=timezone.now()
    )


def notification_emails_set(*, user_id: int, enabled: bool) -> None:
    """The player's choice: e-mail them what they should not miss, or not."""
    User.objects.filter(pk=user_id).update(notification_emails=enabled)


def notification_withdraw(*, recipient_id: int, kind: NotificationKind, source: str) -> int:
    """Deletes the notification of an event that no longer stands (a friend request cancelled
    or ended by a block): its page would offer what is gone. How many were deleted (0 or 1)."""
    deleted, _ = Notification.objects.filter(
        recipient_id=recipient_id, kind=kind, source=source
    ).delete()
    return deleted


def notification_mark_read_for_event(
    *, recipient_id: int, kind: NotificationKind, source: str
) -> int:
    """Marks read the player's notification of an event they have just answered (a friend
    request accepted or declined from any page)."""
    return Notification.objects.filter(
        recipient_id=recipient_id, kind=kind, source=source, read_at__isnull=True
    ).update(read_at=timezone.now())
