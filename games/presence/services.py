"""What other packages tell a player's open pages through the site socket: a live message for
the player (challenges, later: `site_tell_on_commit`), and "your friends changed, follow them
again" (registered with accounts.friends at start: games.apps)."""

from __future__ import annotations

from typing import Any

from channels.layers import get_channel_layer
from django.db import transaction


def site_group(user_id: int) -> str:
    """Every site socket of the player (one per open page)."""
    return f"site.{user_id}"


def site_tell_on_commit(*, user_id: int, event: dict[str, Any]) -> None:
    """Sends `event` (a JSON object with a "type") to each page the player has open, once the
    transaction commits (at once outside one); a player with no page open misses it."""
    if not isinstance(event.get("type"), str):
        raise ValueError("A site event needs a 'type'.")
    message = {"type": "site.message", "event": event}
    transaction.on_commit(
        lambda: get_channel_layer().group_send_many_now([(site_group(user_id), message)])
    )


def site_friends_changed(user_ids: list[int]) -> None:
    """These players' friends, or a friend's presence setting, changed (after commit): their
    open pages read whom they follow again. One pipeline."""
    get_channel_layer().group_send_many_now(
        [(site_group(user_id), {"type": "friends.changed"}) for user_id in user_ids]
    )
