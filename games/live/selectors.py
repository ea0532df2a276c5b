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


def muted_by(*, user_ids: list[int]) -> dict[int, frozenset[int]]:
    """Whom each of these players muted (one query; a player who muted nobody is left out):
    quick play keeps apart those who asked to avoid the players they muted."""
    muted: dict[int, set[int]] = {}
    for user_id, muted_id in ChatMute.objects.filter(user_id__in=user_ids).values_list(
        "user_id", "muted_id"
    ):
        muted.setdefault(user_id, set()).add(muted_id)
    return {user_id: frozenset(ids) for user_id, ids in muted.items()}
