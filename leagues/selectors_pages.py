"""What the leagues index page shows beside `selectors.player_leagues`: when each league's
season ends. The rest of the pages read `leagues.selectors` directly."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from .models import League, Season
from .selectors import player_leagues


@dataclass(frozen=True)
class MyLeague:
    league: League
    role: str
    season_ends_at: datetime | None  # None when no season is running (the job is late)


def my_leagues(*, user_id: int) -> list[MyLeague]:
    """The player's current leagues by name, each with the end of its running season: two
    queries however many leagues."""
    memberships = player_leagues(user_id=user_id)
    ends = dict(
        Season.objects.filter(
            league_id__in=[membership.league_id for membership in memberships],
            closed_at__isnull=True,
            ends_at__gt=timezone.now(),
        ).values_list("league_id", "ends_at")
    )
    return [
        MyLeague(
            league=membership.league,
            role=membership.role,
            season_ends_at=ends.get(membership.league_id),
        )
        for membership in memberships
    ]
