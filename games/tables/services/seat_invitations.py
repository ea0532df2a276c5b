"""Invitations into an open seat (issue 54): from the waiting room of a table, its host asks a
friend, live, to take one of the empty seats; every open page of the friend shows the prompt
at once (`site_tell_on_commit`, a "seat_invite" event), and they accept (and sit) or decline.

Only a table waiting to start has open seats for a person: computers take the empty seats at
the start, and a table being played seats nobody new (`seat_take` refuses it; no service hands
a computer's seat to a person mid-game). So the host of an open private (or public) table
invites; a league table is its members' only.

An invitation lasts ANSWER_SECONDS and ends sooner when the table starts, closes or fills, or
the friend sits down elsewhere: an answer finds it so and ends it, and the sweeper ends the
rest every few seconds, telling both players' pages. Locks, in the house's order: the players'
advisory locks (both, in id order, to invite; the friend's to accept), then the game's row,
then the invitation's row. So a double click, two friends taking the last seat, or an accept
racing the friend's sitting down elsewhere each run one after the other, and the second is
told what the first left.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from accounts.friends.selectors import are_friends
from accounts.models import NotificationKind, User
from accounts.services.notifications import notification_withdraw, notify
from games.engine import RuleOptions
from games.live.services import after_move
from games.live.services.player_lock import player_serialized, players_serialized
from games.models import Game, Seat
from games.presence.services import site_tell_on_commit
from games.rule_texts import rules_label
from games.tables.models import SeatInvitation

from .tables import ALREADY_PLAYING, LEAGUE_TABLE, TableError, game_locked, seat_fill

SEAT_INVITATION_SECONDS = SeatInvitation.ANSWER_SECONDS
EVENT_TYPE = "seat_invite"  # the site socket's event; seat-invite.js shows it

NOT_YOURS = TableError("no_invitation", "There is no such invitation for you.")
Status = SeatInvitation.Status


def _name(user: User | None) -> str:
    return (user.display_name if user else "") or "That player"


def _source(invitation: SeatInvitation) -> str:
    return f"seat_invitation:{invitation.pk}"


def seat_invite(*, game_id: int, user_id: int, friend_id: int) -> SeatInvitation:
    """The host of `game_id` asks a friend to take an empty seat: the friend's pages show it
    at once (and a notification, withdrawn when it ends)."""
    if friend_id == user_id:
        raise TableError("self", "You are at this table already: invite a friend.")
    with players_serialized([user_id, friend_id]):
        found = User.objects.in_bulk([user_id, friend_id])
        friend = found.get(friend_id)
        if friend is None or not friend.is_active or friend.is_blocked:
            raise TableError("no_player", "There is no such player to invite.")
        game = game_locked(game_id)
        if game.created_by_id != user_id:
            raise TableError("not_creator", "Only the player who opened the table can invite.")
        if game.kind == Game.Kind.LEAGUE:
            raise LEAGUE_TABLE
        if game.status != Game.Status.OPEN:
            raise TableError(
                "not_open",
                "This table has started: only a table waiting to start has seats for a friend.",
            )
        if not are_friends(user_id=user_id, other_id=friend_id):
            raise TableError(
                "not_friends",
                f"{_name(friend)} is not your friend: invite friends, or send anyone the "
                "table's link.",
            )
        seated = Seat.objects.filter(user_id=friend_id, in_play=True).values_list(
            "game_id", flat=True
        )
        if game.pk in seated:
            raise TableError("friend_seated", f"{_name(friend)} has a seat at this table already.")
        if seated:
            raise TableError(
                "friend_busy",
                f"{_name(friend)} is at another table now: invite them when that game is over.",
            )
        if not game.seats.filter(user__isnull=True).exists():
            raise TableError("table_full", "Every seat at this table is taken.")
        if SeatInvitation.objects.filter(
            game=game, to_user_id=friend_id, status=Status.WAITING, expires_at__gt=timezone.now()
        ).exists():
            raise TableError(
                "already_invited",
                f"You invited {_name(friend)} already: wait for their answer.",
            )
        # one that expired unanswered, not swept yet, makes room for the new one
        for stale in SeatInvitation.objects.filter(
            game=game, to_user_id=friend_id, status=Status.WAITING
        ):
            _end(stale, Status.EXPIRED, friend=friend)
        invitation = SeatInvitation.objects.create(
            game=game,
            from_user_id=user_id,
            to_user=friend,
            expires_at=timezone.now() + timedelta(seconds=SEAT_INVITATION_SECONDS),
        )
        host_name = _name(found[user_id])
        notify(
            recipient_id=friend_id,
            kind=NotificationKind.TABLE_INVITATION,
            text=f"{host_name} invites you to a seat at their table: answer in "
            f"{SEAT_INVITATION_SECONDS // 60} minutes.",
            link=reverse("games:seat_invitation", args=[invitation.pk]),
            source=_source(invitation),
        )
        site_tell_on_commit(user_id=friend_id, event=offer_event(invitation, game, host_name))
    return invitation


def offer_event(invitation: SeatInvitation, game: Game, host_name: str) -> dict[str, Any]:
    """The friend's prompt: who asks, to which game, until when (in seconds from now: the
    page's clock may be wrong), and where to answer."""
    left = max(0, int((invitation.expires_at - timezone.now()).total_seconds()))
    return {
        "type": EVENT_TYPE,
        "action": "offer",
        "id": invitation.pk,
        "from": host_name,
        "game": game.pk,
        "rules": rules_label(RuleOptions.from_dict(game.rules)),
        "seconds_left": left,
        "accept_url": reverse("games:seat_invitation_accept", args=[invitation.pk]),
        "decline_url": reverse("games:seat_invitation_decline", args=[invitation.pk]),
    }


def _end(
    invitation: SeatInvitation,
    status: str,
    *,
    friend: User | None = None,
    why: str = "",
) -> None:
    """Ends a waiting invitation with `status` (the caller holds its row or its players'
    locks): its notification goes, the friend's prompts close, the host's page is told."""
    invitation.status, invitation.ended_at = status, timezone.now()
    invitation.save(update_fields=["status", "ended_at"])
    notification_withdraw(
        recipient_id=invitation.to_user_id,
        kind=NotificationKind.TABLE_INVITATION,
        source=_source(invitation),
    )
    site_tell_on_commit(
        user_id=invitation.to_user_id,
        event={"type": EVENT_TYPE, "action": "gone", "id": invitation.pk, "status": status},
    )
    friend_name = _name(friend or invitation.to_user)
    words: dict[str, str] = {
        Status.ACCEPTED: f"{friend_name} accepted and took a seat.",
        Status.DECLINED: f"{friend_name} declined your invitation.",
        Status.EXPIRED: f"{friend_name} did not answer your invitation in time.",
        Status.ENDED: f"Your invitation to {friend_name} ended{why}.",
    }
    site_tell_on_commit(
        user_id=invitation.from_user_id,
        event={
            "type": EVENT_TYPE,
            "action": "answered",
            "id": invitation.pk,
            "status": status,
            "text": words[status],
        },
    )


def _over(invitation: SeatInvitation, host: User | None) -> TableError:
    """Why an invitation that no longer waits cannot be answered."""
    if invitation.status == Status.DECLINED:
        return TableError("declined", "You declined this invitation.")
    if invitation.status == Status.EXPIRED:
        return TableError(
            "expired", f"This invitation expired: ask {_name(host)} to invite you again."
        )
    if invitation.status == Status.ACCEPTED:
        return TableError("accepted", "You accepted this invitation already.")
    return TableError(
        "ended",
        f"{_name(host)}'s invitation no longer stands: the table started, closed or filled up, "
        "or you sat down at another table.",
    )


# refusals after which the invitation cannot stand (a refusal to pay leaves it waiting: the
# friend may get coins and accept in time)
_ENDING = {"not_open", "table_full", "already_playing", "not_friends"}


def seat_invitation_accept(*, invitation_id: int, user_id: int) -> Game:
    """The invited friend accepts: they take an empty seat at the table, now. Accepting twice
    (a double click, two tabs) is the table again."""
    game_id = (
        SeatInvitation.objects.filter(pk=invitation_id, to_user_id=user_id)
        .values_list("game_id", flat=True)
        .first()
    )
    if game_id is None:  # nobody learns whether another player's invitation exists
        raise NOT_YOURS
    refused: TableError | None = None
    with player_serialized(user_id):
        game = game_locked(game_id)
        invitation = (
            SeatInvitation.objects.select_for_update(of=("self",))
            .select_related("from_user")
            .get(pk=invitation_id)
        )
        host = invitation.from_user
        if game.seats.filter(user_id=user_id).exists():
            if invitation.status == Status.WAITING:  # they sat down by the table's link
                _end(invitation, Status.ACCEPTED)
            return game
        if invitation.status != Status.WAITING:
            raise _over(invitation, host)
        if invitation.expires_at <= timezone.now():
            _end(invitation, Status.EXPIRED)
            refused = _over(invitation, host)
        else:
            refused = _accept_refusal(invitation, game, host)
            if refused is None:
                try:
                    with transaction.atomic():  # a refusal leaves nothing of it
                        seat_fill(game, user_id)
                except IntegrityError:
                    refused = ALREADY_PLAYING  # sat down elsewhere: the database's word
                except TableError as error:
                    refused = error
            if refused is None:
                _end(invitation, Status.ACCEPTED)
                _others_end_when_full(game)
                version = game.version
                transaction.on_commit(lambda: after_move.announce(game_id, version))
            elif refused.code in _ENDING:
                _end(invitation, Status.ENDED, why=_why(refused.code))
    if refused is not None:  # the invitation's end is committed: a late answer sees it
        raise refused
    return game


def _why(code: str) -> str:
    return {
        "not_open": ": the table started or closed",
        "table_full": ": the table filled up",
        "already_playing": ": they sat down at another table",
        "not_friends": ": you are no longer friends",
    }.get(code, "")


def _accept_refusal(invitation: SeatInvitation, game: Game, host: User) -> TableError | None:
    """Why the friend cannot take the seat now (their lock and the game's row held), or None."""
    if game.status != Game.Status.OPEN:
        return TableError(
            "not_open",
            f"{_name(host)}'s table has started or closed: this invitation no longer stands.",
        )
    if not are_friends(user_id=invitation.to_user_id, other_id=host.pk):
        return TableError("not_friends", f"You and {_name(host)} are no longer friends.")
    if Seat.objects.filter(user_id=invitation.to_user_id, in_play=True).exists():
        return ALREADY_PLAYING
    if not game.seats.filter(user__isnull=True).exists():
        return TableError(
            "table_full", f"Someone took the last free seat at {_name(host)}'s table first."
        )
    return None


def _others_end_when_full(game: Game) -> None:
    """The last empty seat was just taken: the table's other waiting invitations end."""
    if game.seats.filter(user__isnull=True).exists():
        return
    for other in SeatInvitation.objects.select_for_update(of=("self",)).filter(
        game=game, status=Status.WAITING
    ):
        _end(other, Status.ENDED, why=": the table filled up")


def seat_invitation_decline(*, invitation_id: int, user_id: int) -> SeatInvitation:
    """The invited friend says no; the host's page is told. Declining twice is no error."""
    with transaction.atomic():
        invitation = (
            SeatInvitation.objects.select_for_update()
            .filter(pk=invitation_id, to_user_id=user_id)
            .first()
        )
        if invitation is None:
            raise NOT_YOURS
        if invitation.status == Status.WAITING:
            _end(invitation, Status.DECLINED)
        elif invitation.status != Status.DECLINED:
            raise _over(invitation, None)
    return invitation


def seat_invitations_end_stale(*, now: datetime | None = None) -> int:
    """The sweeper's (idempotent): ends the waiting invitations past their time, to a table
    that started or closed, or whose friend sat down at another table; both players' pages
    are told. How many ended."""
    now = now or timezone.now()
    seated_elsewhere = Seat.objects.filter(user_id=OuterRef("to_user_id"), in_play=True).exclude(
        game_id=OuterRef("game_id")
    )
    empty_seat = Seat.objects.filter(game_id=OuterRef("game_id"), user__isnull=True)
    stale = (
        SeatInvitation.objects.filter(status=Status.WAITING)
        .filter(
            Q(expires_at__lte=now)
            | ~Q(game__status=Game.Status.OPEN)
            | Exists(seated_elsewhere)
            | ~Exists(empty_seat)
        )
        .values_list("pk", flat=True)
    )
    ended = 0
    for invitation_id in list(stale[:500]):
        with transaction.atomic():
            # an answer may be under way: it decides, and this one skips the row
            invitation = (
                SeatInvitation.objects.select_for_update(skip_locked=True, of=("self",))
                .select_related("game")
                .filter(pk=invitation_id, status=Status.WAITING)
                .first()
            )
            if invitation is None:
                continue
            seats = invitation.game.seats
            if seats.filter(user_id=invitation.to_user_id).exists():  # by the table's link
                _end(invitation, Status.ACCEPTED)
            elif invitation.game.status != Game.Status.OPEN:
                _end(invitation, Status.ENDED, why=_why("not_open"))
            elif invitation.expires_at <= now:
                _end(invitation, Status.EXPIRED)
            elif seats.filter(user__isnull=True).exists():
                _end(invitation, Status.ENDED, why=_why("already_playing"))
            else:
                _end(invitation, Status.ENDED, why=_why("table_full"))
            ended += 1
    return ended
