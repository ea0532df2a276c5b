"""What every page shows a logged-in player about moderation: staff warnings not yet
acknowledged (games/moderation/templates/games/moderation_warnings.html, included by base.html)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .selectors import warnings_unacknowledged


def moderation_warnings(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}  # no query for visitors
    return {"moderation_warnings": warnings_unacknowledged(user_id=user.pk)}
