"""Chat mutes: a player stops seeing another player's chat lines, at every table, for
themselves only, until they unmute. Lines are still stored, and staff still see them in
reports. Every socket of the muting player (all their tabs) reloads its list after commit.

A mute also ends a friendship between the two and any friend request either way, in its own
transaction (`accounts.friends.services.friend_relation_end`), and while it lasts no request
passes between them (`games.relation.services.friend_request_send`). Unmuting restores nothing.
"""

from __future__ import annotations

from django.db import transaction

from accounts.friends.services import friend_relation_end
from accounts.models import User
from games.errors import Refused
from games.live.models import ChatMute
from games.live.services.player_sockets import player_sockets_tell_on_commit
from games.models import Seat


class MuteRefused(Refused):
    """A mute or unmute that was not done."""


def chat_mute(*, user_id: int, muted_id: int) -> bool:
    """Mutes the player, and ends a friendship or request between us; False when they were
    muted already."""
    if user_id == muted_id:
        raise MuteRefused("self", "You cannot mute yourself.")
    if not User.objects.filter(pk=muted_id).exists():
        raise MuteRefused("no_player", "There is no such player.")
    with transaction.atomic():
        # the unique constraint on (user, muted) makes a double click create one row
        _, created = ChatMute.objects.get_or_create(user_id=user_id, muted_id=muted_id)
        if created:
            _tell_my_sockets(user_id)
        # after the mute's row, under both players' locks: a request being sent now either sees
        # the mute or is ended here (games.relation.services)
        friend_relation_end(user_id=user_id, other_id=muted_id)
    return created


def chat_unmute(*, user_id: int, muted_id: int) -> bool:
    """Shows the player's lines again; False when they were not muted."""
    with transaction.atomic():
        deleted, _ = ChatMute.objects.filter(user_id=user_id, muted_id=muted_id).delete()
        if deleted:
            _tell_my_sockets(user_id)
    return bool(deleted)


def chat_mute_seat(*, user_id: int, game_id: int, seat: int) -> bool:
    """Mutes whoever plays in `seat` of my table (the table page knows seats, not players)."""
    return chat_mute(user_id=user_id, muted_id=_player_in_seat(user_id, game_id, seat))


def chat_unmute_seat(*, user_id: int, game_id: int, seat: int) -> bool:
    return chat_unmute(user_id=user_id, muted_id=_player_in_seat(user_id, game_id, seat))


def _player_in_seat(user_id: int, game_id: int, seat: int) -> int:
    players = dict(Seat.objects.filter(game_id=game_id).values_list("position", "user_id"))
    if user_id not in players.values():
        raise MuteRefused("not_seated", "Only the players at this table can mute here.")
    muted_id = players.get(seat)
    if muted_id is None:
        raise MuteRefused("no_player", "There is no player in that seat.")
    return muted_id


def _tell_my_sockets(user_id: int) -> None:
    player_sockets_tell_on_commit(user_id=user_id, event={"type": "mutes.changed"})
