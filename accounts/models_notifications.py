"""Notifications: what happened to a player, listed on their notifications page with an unread
count in the header. Kept apart from the user model (`accounts.models` re-exports the names)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class NotificationKind(models.TextChoices):
    TABLE_INVITATION = "table_invitation", "Invited to a table"
    LEAGUE_INVITATION = "league_invitation", "Invited to a league"
    SEASON_STARTED = "season_started", "A league season started"
    SEASON_ENDED = "season_ended", "A league season ended"
    RANK_REACHED = "rank_reached", "A rank reached"
    ACHIEVEMENT = "achievement", "An achievement"
    GOLD_CREDITED = "gold_credited", "Gold bought"
    GOLD_REFUNDED = "gold_refunded", "A purchase refunded"
    COINS_CREDITED = "coins_credited", "Coins from staff"
    REPORT_OUTCOME = "report_outcome", "The outcome of a report"
    WARNING = "warning", "A warning from staff"
    BLOCKED = "blocked", "Account blocked"
    FRIEND_REQUEST = "friend_request", "A friend request"
    FRIEND_ACCEPTED = "friend_accepted", "A friend request accepted"


# the ones a player should not miss: also sent by e-mail, unless they turned e-mails off
EMAILED_KINDS = frozenset(
    {
        NotificationKind.TABLE_INVITATION,
        NotificationKind.LEAGUE_INVITATION,
        NotificationKind.GOLD_CREDITED,
        NotificationKind.GOLD_REFUNDED,
        NotificationKind.BLOCKED,
        NotificationKind.FRIEND_REQUEST,
        NotificationKind.FRIEND_ACCEPTED,
    }
)


class Notification(models.Model):
    """One thing that happened to `recipient`. `source` names the event (e.g. "purchase:12"):
    one notification per recipient, kind and source, so a replayed webhook or a task run twice
    does not notify twice ("" for an event that cannot repeat)."""

    TEXT_MAX = 300

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=NotificationKind.choices)
    text = models.CharField(max_length=TEXT_MAX)
    # a path on the site ("/tables/12/"), "" for none
    link = models.CharField(max_length=200, blank=True)
    source = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    # when the e-mail was handed to the mail backend; empty when none was sent
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["recipient", "-created_at", "-id"], name="accounts_notification_list"
            ),
            # the header's unread count: a count of a few index entries
            models.Index(
                fields=["recipient"],
                condition=Q(read_at__isnull=True),
                name="accounts_notification_unread",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["recipient", "kind", "source"],
                condition=~Q(source=""),
                name="accounts_notification_once_per_event",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.recipient_id} {self.kind}: {self.text[:40]}"

    @property
    def is_read(self) -> bool:
        return self.read_at is not None
