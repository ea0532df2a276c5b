"""How long remains of the ranking month (seed 000: "You can keep track of how much time
remains, in the bottom-left corner of the main menu screen")."""

from __future__ import annotations

from datetime import datetime, timedelta


def month_time_left(*, now: datetime, month_ends_at: datetime) -> str:
    """ "12 days 5 h", "5 h 20 min", "20 min": coarse enough to read at a glance."""
    left = max(month_ends_at - now, timedelta(0))
    days, seconds = left.days, left.seconds
    hours, minutes = seconds // 3600, seconds % 3600 // 60
    if days:
        return f"{days} day{'s' if days != 1 else ''} {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"
