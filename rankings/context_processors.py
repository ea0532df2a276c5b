"""The month's countdown, shown at the bottom left of every page (no query)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from .countdown import month_time_left
from .selectors import month_bounds


def month_countdown(request: HttpRequest) -> dict[str, Any]:
    now = timezone.now()
    start, end = month_bounds(now)
    return {
        "ranking_month": start,
        "ranking_month_left": month_time_left(now=now, month_ends_at=end),
        "ranking_month_ends_at": end,
    }
