"""The player's coins in the site header (one primary-key read per page), and the prices the
lobby and the new-table page show before anything is clicked."""

from __future__ import annotations

from django.http import HttpRequest

from .selectors import wallet_summary
from .services.prices import game_price, private_table_price


def coins(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "header_coins": wallet_summary(user_id=user.pk),
        "game_price": game_price(),
        "private_table_price": private_table_price(),
    }
