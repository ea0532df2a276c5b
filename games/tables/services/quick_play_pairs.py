"""Partners who queue together: a player invites a friend from the lobby; the friend's "yes"
puts both in the quick-play queue as one pair (their entries name each other), seated opposite
each other at a partnership table (`quick_play_groups`).

Each step locks both players (`players_serialized`, in id order), so a double click, an accept
racing a cancel, or two friends inviting each other at once each runs after the other and sees
what it left. Whatever refuses an answer that can no longer stand (the invitation expired, the
inviter sat down or queued meanwhile) deletes the invitation in the same breath: nothing stale
is left waiting. An invitation lasts two minutes; the sweeper ends those nobody answered, and
the inviter's lobby says so.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.friends.selectors import are_friends
from accounts.models import NotificationKind, User
from accounts.services.notifications import notification_withdraw, notify
from games.engine import preset_rules
from games.live.services.player_lock import players_serialized
from games.models import Game, Seat
from games.rule_texts import PRESET_LABELS
from games.tables.models import PartnerInvitation, QueueEntry

from .quick_play import (
    NO_SUCH_GAME,
    accepts,
    queue_match,
    queue_notice_set,
)
from .tables import ALREADY_PLAYING, TableError, player_can_pay_check

PARTNER_INVITATION_SECONDS = PartnerInvitation.ANSWER_SECONDS


def partner_variant_check(variant: str) -> None:
    """Pairs sit as partners: only a four-handed game of fixed partnerships has them."""
    if variant not in PRESET_LABELS:
        raise NO_SUCH_GAME
    rules = preset_rules(variant)
    if not (rules.partnerships and rules.seats == 4):
        raise TableError(
            "no_partners",
            f"{PRESET_LABELS[variant]} has no fixed partners: queue with a partner for "
            "Standard Euchre, or queue alone.",
        )


def _name(user: User) -> str:
    return user.display_name or "That player"


def _source(invitation: PartnerInvitation) -> str:
    return f"partner_invitation:{invitation.pk}"


def _expired(invitation: PartnerInvitation) -> bool:
    return invitation.created_at < timezone.now() - timedelta(seconds=PARTNER_INVITATION_SECONDS)


def _invitation_end(invitation: PartnerInvitation, *, notice: str | None = None) -> None:
    """Deletes the invitation and its notification; `notice` tells the inviter why."""
    notification_withdraw(
        recipient_id=invitation.to_user_id,
        kind=NotificationKind.TABLE_INVITATION,
        source=_source(invitation),
    )
    invitation.delete()
    if notice:
        queue_notice_set(user_id=invitation.from_user_id, notice=notice)


def _players_locked(user_id: int, other_id: int) -> tuple[User, User]:
    """Both players (the caller holds both locks), refusing myself and nobody."""
    if user_id == other_id:
        raise TableError("self", "You cannot be your own partner: choose a friend.")
    found = User.objects.in_bulk([user_id, other_id])
    other = found.get(other_id)
    if other is None or not other.is_active or other.is_blocked:
        raise TableError("no_player", "There is no such player to play with.")
    return found[user_id], other


def _is_busy(user_id: int) -> str | None:
    """Why the player cannot join a pair now, in words about them, or None."""
    if Seat.objects.filter(user_id=user_id, in_play=True).exists():
        return "is at a table now"
    if QueueEntry.objects.filter(user_id=user_id).exists():
        return "is waiting in quick play already"
    return None


def _common_rule_check(me: User, other: User) -> None:
    if not any(
        accepts(me.going_under, rule) and accepts(other.going_under, rule) for rule in (True, False)
    ):
        raise TableError(
            "going_under_differs",
            f"You and {_name(other)} chose different going-under rules: one of you changes it "
            "in settings first.",
        )


def partner_invite(
    *,
    user_id: int,
    friend_id: int,
    variant: str = "standard",
    people_only: bool = False,
    avoid_muted: bool = False,
) -> PartnerInvitation:
    """Asks a friend to queue for `variant` with me as partners; their lobby (and a
    notification) offers them "accept" or "decline"."""
    partner_variant_check(variant)
    with players_serialized([user_id, friend_id]):
        me, friend = _players_locked(user_id, friend_id)
        if not are_friends(user_id=user_id, other_id=friend_id):
            raise TableError(
                "not_friends",
                f"{_name(friend)} is not your friend: you can queue as partners with friends.",
            )
        sent = PartnerInvitation.objects.filter(from_user_id=user_id).first()
        if sent is not None and _expired(sent):
            _invitation_end(sent)
            sent = None
        if sent is not None:
            raise TableError(
                "already_inviting",
                f"You asked {_name(sent.to_user)} already: wait for their answer, or cancel it.",
            )
        theirs = PartnerInvitation.objects.filter(from_user_id=friend_id, to_user_id=user_id)
        if any(not _expired(invitation) for invitation in theirs):
            raise TableError(
                "invited_you",
                f"{_name(friend)} asked you already: accept their invitation in your lobby.",
            )
        if Seat.objects.filter(user_id=user_id, in_play=True).exists():
            raise ALREADY_PLAYING
        if QueueEntry.objects.filter(user_id=user_id).exists():
            raise TableError(
                "queued", "You are waiting in quick play already: leave the queue first."
            )
        if (busy := _is_busy(friend_id)) is not None:
            raise TableError("friend_busy", f"{_name(friend)} {busy}: ask them again later.")
        _common_rule_check(me, friend)
        player_can_pay_check(user_id=user_id)
        invitation = PartnerInvitation.objects.create(
            from_user=me,
            to_user=friend,
            variant=variant,
            people_only=people_only,
            avoid_muted=avoid_muted,
        )
        notify(
            recipient_id=friend_id,
            kind=NotificationKind.TABLE_INVITATION,
            text=f"{_name(me)} asks you to be their partner in quick play "
            f"({PRESET_LABELS[variant]}).",
            link=reverse("games:lobby"),
            source=_source(invitation),
        )
        return invitation


def partner_accept(
    *, user_id: int, from_id: int, people_only: bool = False, avoid_muted: bool = False
) -> Game | None:
    """Accepts the invitation `from_id` sent me: both of us wait in the queue as partners (people
    only if either asked); the table, if our group is now complete."""
    refused: TableError | None = None
    with players_serialized([user_id, from_id]):
        me, inviter = _players_locked(user_id, from_id)
        # the row locked: the sweeper's expiry skips an invitation being answered
        invitation = (
            PartnerInvitation.objects.select_for_update()
            .filter(from_user=inviter, to_user=me)
            .first()
        )
        if invitation is None:
            together = QueueEntry.objects.filter(user_id=user_id, partner_id=from_id).exists()
            raise TableError(
                "already_partners" if together else "no_invitation",
                f"You and {_name(inviter)} wait together already."
                if together
                else f"{_name(inviter)}'s invitation is no longer waiting.",
            )
        refused = _accept_refusal(invitation, me, inviter)
        if refused is not None:
            # the invitation cannot stand: it ends now (committed), then the refusal is said
            _invitation_end(
                invitation,
                notice=f"{_name(me)} could not accept your invitation to be partners just now.",
            )
        else:
            QueueEntry.objects.bulk_create(
                [
                    QueueEntry(
                        user=one,
                        partner=other,
                        going_under=one.going_under,
                        variant=invitation.variant,
                        people_only=invitation.people_only or people_only,
                        avoid_muted=avoids,
                    )
                    for one, other, avoids in (
                        (inviter, me, invitation.avoid_muted),
                        (me, inviter, avoid_muted),
                    )
                ]
            )
            _invitation_end(invitation)
            _others_end(me, inviter)
    if refused is not None:
        raise refused
    return queue_match()


def _others_end(me: User, inviter: User) -> None:
    """The other invitations from or to either of the new partners can no longer stand: they
    end now, and their inviters are told."""
    either = [me.pk, inviter.pk]
    for other in PartnerInvitation.objects.filter(from_user_id__in=either):
        _invitation_end(other)
    for other in PartnerInvitation.objects.filter(to_user_id__in=either).select_related("to_user"):
        _invitation_end(
            other, notice=f"{_name(other.to_user)} now waits in quick play with another partner."
        )


def _accept_refusal(invitation: PartnerInvitation, me: User, inviter: User) -> TableError | None:
    """Why the invitation can no longer be accepted, or None (both players locked)."""
    if _expired(invitation):
        return TableError(
            "expired", f"{_name(inviter)}'s invitation expired: ask them to invite you again."
        )
    if not are_friends(user_id=me.pk, other_id=inviter.pk):
        return TableError("not_friends", f"You and {_name(inviter)} are no longer friends.")
    if Seat.objects.filter(user_id=me.pk, in_play=True).exists():
        return ALREADY_PLAYING
    if QueueEntry.objects.filter(user_id=me.pk).exists():
        return TableError("queued", "You are waiting in quick play already: leave the queue first.")
    if (busy := _is_busy(inviter.pk)) is not None:
        return TableError("friend_busy", f"{_name(inviter)} {busy}.")
    try:
        _common_rule_check(me, inviter)
        player_can_pay_check(user_id=me.pk)
    except TableError as refusal:
        return refusal
    try:
        player_can_pay_check(user_id=inviter.pk)
    except TableError:
        return TableError("friend_cannot_pay", f"{_name(inviter)} cannot pay for a game now.")
    return None


def partner_decline(*, user_id: int, from_id: int) -> bool:
    """Declines the invitation `from_id` sent me (they are told); False when none waited."""
    with players_serialized([user_id, from_id]):
        invitation = (
            PartnerInvitation.objects.filter(from_user_id=from_id, to_user_id=user_id)
            .select_related("to_user")
            .first()
        )
        if invitation is None:
            return False
        _invitation_end(
            invitation, notice=f"{_name(invitation.to_user)} declined to be your partner."
        )
        return True


def partner_invitation_cancel(*, user_id: int) -> bool:
    """Withdraws the invitation I sent; False when none waited."""
    sent = PartnerInvitation.objects.filter(from_user_id=user_id)
    to_id = sent.values_list("to_user_id", flat=True).first()
    if to_id is None:
        return False
    with players_serialized([user_id, to_id]):
        invitation = PartnerInvitation.objects.filter(from_user_id=user_id).first()
        if invitation is None:
            return False
        _invitation_end(invitation)
        return True


def partner_invitations_expire(*, from_user_id: int | None = None) -> int:
    """Ends the invitations nobody answered in time (of one inviter, or all: the sweeper's
    call); each inviter is told. How many ended."""
    due = PartnerInvitation.objects.filter(
        created_at__lt=timezone.now() - timedelta(seconds=PARTNER_INVITATION_SECONDS)
    )
    if from_user_id is not None:
        due = due.filter(from_user_id=from_user_id)
    ended = 0
    for invitation in due.select_related("to_user"):
        with transaction.atomic():
            # the answer may be being given just now: lock, then look again
            locked = (
                PartnerInvitation.objects.select_for_update(skip_locked=True)
                .filter(pk=invitation.pk)
                .first()
            )
            if locked is None:
                continue
            _invitation_end(
                locked,
                notice=f"{_name(invitation.to_user)} did not answer your invitation in "
                f"{PARTNER_INVITATION_SECONDS // 60} minutes: ask again, or queue alone.",
            )
            ended += 1
    return ended
