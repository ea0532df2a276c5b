"""The waiting room's "Invite a friend": the host's friends who could take a seat, each with
where they are (presence, as the host may see it), and the invitations still waiting."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models.functions import Lower
from django.utils import timezone

from accounts.friends.models import Friendship
from games.live.services.presence_places import AT_TABLE, AWAY, ONLINE, WATCHING
from games.models import Game, Seat
from games.presence.selectors import presence_of_players
from games.tables.models import SeatInvitation

PRESENCE_WORDS = {
    ONLINE: "online",
    AT_TABLE: "at a table",
    WATCHING: "watching a table",
    AWAY: "away",
}


@dataclass(frozen=True)
class InviteChoice:
    user_id: int
    name: str
    presence: str  # in words ("online"), or "" when offline or not shown to the host

    @property
    def label(self) -> str:
        return f"{self.name} ({self.presence})" if self.presence else self.name


@dataclass(frozen=True)
class WaitingInvitation:
    invitation_id: int
    name: str
    seconds_left: int


def seat_invite_choices(*, game: Game, host_id: int) -> list[InviteChoice]:
    """The host's friends not seated at this table, those with a page open first, then by
    name: three queries and one Redis trip."""
    seated = set(
        Seat.objects.filter(game=game, user__isnull=False).values_list("user_id", flat=True)
    )
    friends = [
        (friend_id, name)
        for friend_id, name in Friendship.objects.filter(user_id=host_id, friend__is_active=True)
        .order_by(Lower("friend__display_name"), "friend_id")
        .values_list("friend_id", "friend__display_name")
        if friend_id not in seated
    ]
    presence = presence_of_players(viewer_id=host_id, user_ids=[pk for pk, _ in friends])
    choices = [
        InviteChoice(
            user_id=pk,
            name=name,
            presence=PRESENCE_WORDS.get(presence[pk].state, "") if pk in presence else "",
        )
        for pk, name in friends
    ]
    here = {PRESENCE_WORDS[state] for state in (ONLINE, AT_TABLE, WATCHING)}
    return sorted(choices, key=lambda choice: choice.presence not in here)  # stable: by name


def seat_invitations_waiting(*, game: Game) -> list[WaitingInvitation]:
    """The table's invitations still waiting for an answer, oldest first."""
    now = timezone.now()
    return [
        WaitingInvitation(
            invitation_id=pk,
            name=name,
            seconds_left=int((expires_at - now).total_seconds()),
        )
        for pk, name, expires_at in SeatInvitation.objects.filter(
            game=game, status=SeatInvitation.Status.WAITING, expires_at__gt=now
        )
        .order_by("created_at", "pk")
        .values_list("pk", "to_user__display_name", "expires_at")
    ]
