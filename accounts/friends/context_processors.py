"""The header's count of friend requests waiting for the player's answer (one query per page)."""

from __future__ import annotations

from django.http import HttpRequest

from .selectors import friend_requests_waiting_count


def friend_requests(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}  # no query for visitors
    return {"friend_requests_waiting": friend_requests_waiting_count(user_id=user.pk)}
