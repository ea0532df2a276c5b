"""Table chat: stored, length- and rate-limited, broadcast to the table after commit.

Seed 000: "No telling your partner what cards you have. Players can report this behavior."
Text is stored as typed, on one line; every place that shows it escapes it. A line holding NUL
or a lone surrogate is refused (no keyboard types them: PostgreSQL refuses NUL in text, UTF-8
has no surrogates); other control characters are invisible and are removed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.errors import Refused
from games.live.models import ChatMessage
from games.live.selectors import MutesAtTable, mutes_at_table, player_is_blocked
from games.models import Seat

from .after_move import table_group
from .layer_send import group_send
from .player_lock import player_chat_serialized

RATE_LIMIT_MESSAGES = 5
RATE_LIMIT_WINDOW = timedelta(seconds=10)
CHAT_HISTORY_LENGTH = 50
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class ChatRejected(Refused):
    """A chat line that was not posted."""


def chat_post(*, game_id: int, user_id: int, text: str) -> ChatMessage:
    if _UNSTORABLE.search(text):
        raise ChatRejected(
            "bad_characters", "Chat messages cannot hold NUL or broken Unicode characters."
        )
    text = _one_visible_line(text)
    if not text:
        raise ChatRejected("empty", "Type a message first.")
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ChatRejected(
            "too_long", f"Chat messages are at most {ChatMessage.MAX_LENGTH} characters."
        )
    with transaction.atomic():
        # One player's lines one at a time, so the rate limit is exact: a lock of the player's
        # own, never a row a move holds. The seat's row lock did that before, and deadlocked
        # with a move (the move holds the game and updates seats; the chat line's foreign-key
        # check waits for the game): docs/architecture.md, "Lock order".
        player_chat_serialized(user_id)
        seat = Seat.objects.filter(game_id=game_id, user_id=user_id).select_related("user").first()
        if seat is None or seat.user is None:  # (found by its user: never None but for the type)
            raise ChatRejected("not_seated", "Only the players at this table can chat here.")
        if not seat.user.is_active:  # blocked a moment ago, before their socket closed
            raise ChatRejected("blocked", "Your account has been blocked.")
        recent = ChatMessage.objects.filter(
            game_id=game_id, user_id=user_id, created_at__gte=timezone.now() - RATE_LIMIT_WINDOW
        ).count()
        if recent >= RATE_LIMIT_MESSAGES:
            raise ChatRejected(
                "rate_limited",
                f"Slow down: at most {RATE_LIMIT_MESSAGES} messages every "
                f"{int(RATE_LIMIT_WINDOW.total_seconds())} seconds.",
            )
        message = ChatMessage.objects.create(
            game_id=game_id, user_id=user_id, seat=seat.position, text=text
        )
        message.user = seat.user
        payload = chat_message_dict(message)
        transaction.on_commit(lambda: _broadcast(game_id, user_id, payload))
    return message


def _one_visible_line(text: str) -> str:
    """Whitespace of any kind as single spaces; the other control characters (bell, escape,
    DEL, C1) are invisible and go."""
    visible = "".join(c for c in text if c.isspace() or unicodedata.category(c) != "Cc")
    return " ".join(visible.split())


def chat_recent(
    *, game_id: int, limit: int = CHAT_HISTORY_LENGTH, hide_user_ids: Iterable[int] = ()
) -> list[dict[str, Any]]:
    """The latest lines of the table, oldest first, without those of players in
    `hide_user_ids` (the ones the reader muted)."""
    messages = ChatMessage.objects.filter(game_id=game_id).exclude(user_id__in=list(hide_user_ids))
    messages = messages.select_related("user").order_by("-id")
    return [chat_message_dict(message) for message in reversed(messages[:limit])]


def chat_message_dict(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "seat": message.seat,
        "name": message.user.get_short_name() if message.user else "(deleted)",
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def _broadcast(game_id: int, user_id: int, payload: dict[str, Any]) -> None:
    """`user_id` is for the sockets, which leave out the lines of players their player muted;
    it never goes to a browser."""
    group_send(
        table_group(game_id), {"type": "chat.message", "message": payload, "user_id": user_id}
    )


def chat_with_mutes(*, user_id: int, game_id: int) -> tuple[MutesAtTable, list[dict[str, Any]]]:
    """A player's mutes at a table, and the table's recent chat without the muted lines."""
    mutes = mutes_at_table(user_id=user_id, game_id=game_id)
    return mutes, chat_recent(game_id=game_id, hide_user_ids=mutes.user_ids)


def chat_opening_reads(
    *, user_id: int, game_id: int
) -> tuple[bool, MutesAtTable, list[dict[str, Any]]]:
    """What a table socket reads once it listens, in one trip to a database thread: is the
    player blocked, and `chat_with_mutes`."""
    return player_is_blocked(user_id=user_id), *chat_with_mutes(user_id=user_id, game_id=game_id)
