"""How a game begins: the quick-play queue and the invitations to private tables. Kept apart
from the game records (`games.models` imports these names, so that Django registers them)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from accounts.models import GoingUnder


class QueueEntry(models.Model):
    """A player waiting in quick play, with the game they wait for and their going-under choice
    when they joined. One entry per player; a table seats only players who wait for the same
    game and whose choices agree (seed 000)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    going_under = models.CharField(max_length=7, choices=GoingUnder.choices)
    # a preset name of games.rule_texts.QUICK_PLAY_VARIANTS ("standard", "three_handed"...)
    variant = models.CharField(max_length=20, default="standard")
    joined_at = models.DateTimeField(auto_now_add=True)
    # a friend who queued with me as my partner (their entry names me): the two are seated
    # together, opposite each other, or not at all (`services.quick_play_pairs`)
    partner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    # never seated with computers: nobody's "start now" takes this entry
    people_only = models.BooleanField(default=False)
    # never seated at one table with a player this player muted (games.live's ChatMute)
    avoid_muted = models.BooleanField(default=False)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(partner=F("user")), name="games_queue_partner_not_self"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} waiting since {self.joined_at:%H:%M:%S}"


class PartnerInvitation(models.Model):
    """A player asks a friend to queue for quick play with them as partners; it waits in the
    friend's lobby for an answer, for ANSWER_SECONDS. One invitation out per player at a time;
    the answer "yes" makes both players' queue entries, linked."""

    ANSWER_SECONDS = 120  # then it ends, and the inviter's lobby says nobody answered

    from_user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="partner_invitation_sent"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="partner_invitations"
    )
    variant = models.CharField(max_length=20, default="standard")
    # the inviter's filters, the pair's when accepted
    people_only = models.BooleanField(default=False)
    avoid_muted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(from_user=F("to_user")), name="games_partner_invitation_not_self"
            )
        ]

    def __str__(self) -> str:
        return f"{self.from_user} asks {self.to_user} to partner"


class Invitation(models.Model):
    """A private table's creator invited this player by name; it shows in their lobby."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="games_one_invitation_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} to {self.game_id}"


class SeatInvitation(models.Model):
    """The host of a table waiting to start asks a friend, live, to take one of its empty seats
    (issue 54): the friend's open pages show it at once, they accept (and sit) or decline. It
    lasts ANSWER_SECONDS, and ends sooner when the table starts, closes or fills, or the friend
    sits down elsewhere (`services.seat_invitations`). Kept after its end, with its status, so
    that a late answer is told exactly why it no longer stands."""

    ANSWER_SECONDS = 180

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        EXPIRED = "expired", "Not answered in time"
        # the table started, closed or filled, or the friend sat down at another table
        ENDED = "ended", "No longer stands"

    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="seat_invitations"
    )
    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_invitations_sent"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_invitations"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(from_user=F("to_user")), name="games_seat_invitation_not_self"
            ),
            # a double click, two tabs: one invitation of a player to a table waits at a time
            models.UniqueConstraint(
                fields=["game", "to_user"],
                condition=Q(status="waiting"),
                name="games_one_waiting_seat_invitation",
            ),
        ]
        indexes = [
            # the sweeper's: the waiting ones, soonest to expire first
            models.Index(
                fields=["expires_at"],
                condition=Q(status="waiting"),
                name="games_seat_invitation_waiting",
            )
        ]

    def __str__(self) -> str:
        return f"{self.from_user} asks {self.to_user} to sit at {self.game_id}"
