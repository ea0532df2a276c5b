"""The player's coins in the site header: one primary-key read per page."""

from __future__ import annotations

from django.http import HttpRequest

from .selectors import wallet_summary


def coins(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"header_coins": wallet_summary(user_id=user.pk)}
