"""Every open table socket of one player, in all their tabs: a channel group per player.

Moderation closes them when the player is blocked; mutes tell them to reload the player's mute
list. Send only after commit, so a socket never acts on a change that was rolled back.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .layer_send import group_send


def player_group(user_id: int) -> str:
    return f"player.{user_id}"


def player_sockets_tell_on_commit(*, user_id: int, event: dict[str, Any]) -> None:
    """Sends `event` (a Channels message: {"type": "player.blocked"}, ...) to every socket of
    the player once the current transaction commits, or now outside one."""
    transaction.on_commit(lambda: _send(user_id, event))


def _send(user_id: int, event: dict[str, Any]) -> None:
    group_send(player_group(user_id), event)
