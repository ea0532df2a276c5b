"""Reading what a player's chat is filtered by: whether they are blocked (`accounts.User`'s
`blocked_at`, set by moderation), and whom they muted."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from games.models import Seat

from .models import ChatMute


def player_is_blocked(*, user_id: int) -> bool:
    """Read now, not from a session: a socket asks once it listens for blocks, so a block that
    committed just before it listened is seen here."""
    return User.objects.filter(pk=user_id, blocked_at__isnull=False).exists()


@dataclass(frozen=True)
class MutesAtTable:
    # internal to the server: the players whose chat lines this player does not get
    user_ids: frozenset[int]
    # what the page may know: the seats of this table whose lines are hidden
    seats: list[int]


def mutes_at_table(*, user_id: int, game_id: int) -> MutesAtTable:
    muted = frozenset(ChatMute.objects.filter(user_id=user_id).values_list("muted_id", flat=True))
    seats = Seat.objects.filter(game_id=game_id, user_id__in=muted).order_by("position")
    return MutesAtTable(user_ids=muted, seats=list(seats.values_list("position", flat=True)))


def mutes_of(*, user_id: int) -> list[ChatMute]:
    """Whom the player muted, newest first, for their list of mutes."""
    return list(ChatMute.objects.filter(user_id=user_id).select_related("muted"))
