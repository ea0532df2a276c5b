"""Telling a league's members that a season ended (with their final place) and that the next
one started. Called by `seasons.season_close` in its transaction; keyed by the season, so a
close that runs twice tells nobody twice."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationKind
from accounts.services.notifications import notify, notify_each

from ..models import League, Membership, Season
from ..selectors import StandingRow


def season_ended_notify(*, season: Season, rows: Sequence[StandingRow]) -> None:
    """Each current member (each entrant of a Champions League) hears the season is over and
    where they finished."""
    league = season.league
    if league.kind == League.Kind.CHAMPIONS:
        month = league.month
        assert month is not None, "a Champions League has its month (the table's constraint)"
        name = f"The Champions League of {month:%B %Y}"
        link = reverse("champions:month", args=[month.year, month.month])
    else:
        name = f"Season {season.number} of {league.name}"
        link = reverse("leagues:season", args=[league.pk, season.number])
    places = {row.player_id: row.position for row in rows}
    members = Membership.objects.filter(league=league, ended_at__isnull=True)
    for player_id in members.values_list("player_id", flat=True):
        place = places.get(player_id)
        notify(
            recipient_id=player_id,
            kind=NotificationKind.SEASON_ENDED,
            text=f"{name} has ended: you finished {place} of {len(rows)}."
            if place
            else f"{name} has ended; you played no game in it.",
            link=link,
            source=f"season:{season.pk}",
        )


def season_started_notify(*, season: Season) -> None:
    league = season.league
    notify_each(
        recipient_ids=Membership.objects.filter(league=league, ended_at__isnull=True)
        .values_list("player_id", flat=True)
        .order_by("player_id"),
        kind=NotificationKind.SEASON_STARTED,
        text=f"Season {season.number} of {league.name} has started; it ends on "
        f"{timezone.localtime(season.ends_at):%-d %B at %H:%M}.",
        link=reverse("leagues:detail", args=[league.pk]),
        source=f"season:{season.pk}",
    )
