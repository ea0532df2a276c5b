"""The header's count of a logged-in player's unread notifications (one query per page)."""

from __future__ import annotations

from django.http import HttpRequest

from .selectors_notifications import notifications_unread_count


def notifications(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}  # no query for visitors
    return {"notifications_unread": notifications_unread_count(user_id=user.pk)}
