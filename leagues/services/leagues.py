"""Creating a private league (seed 000: creating a league costs coins).

The creator pays `league_price()` in the transaction that creates the league, its organiser
membership and its first season: a refused payment leaves no league behind. The creation form
carries a one-time key (`League.creation_key`, unique): a second submit of the same form (a
double click, a retried request) finds the first league and charges nothing more, also when
both submits arrive at once (the second insert waits on the unique key, then fails).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from economy.services.errors import WalletRefused
from economy.services.prices import league_charge
from games.engine import RuleOptions

from ..models import League, Membership
from .errors import LeagueError
from .seasons import season_first_create

NAME_MIN = 2
NAME_MAX = 60
DESCRIPTION_MAX = 1000


def _league_of_earlier_submit(*, creation_key: str, organiser_id: int) -> League | None:
    """The league a previous submit of the same form created, if any."""
    league = League.objects.filter(creation_key=creation_key).first()
    if league is not None and league.created_by_id != organiser_id:
        # keys are random per form: another player's key is a forged or replayed form
        raise LeagueError("creation_key", "This form was already used: open a new one.")
    return league


def _name_taken(name: str) -> LeagueError:
    return LeagueError(
        "name_taken", f"A league called {name!r} already exists: choose another name."
    )


def league_create(
    *,
    organiser_id: int,
    name: str,
    description: str,
    rules: RuleOptions,
    joining: str,
    season_length: str,
    creation_key: str,
) -> League:
    """A private league with its creator as organiser and season 1 starting now, paid for by
    the creator. The same `creation_key` again returns the league it created."""
    name, description = name.strip(), description.strip()
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise LeagueError(
            "name_length", f"A league's name has {NAME_MIN} to {NAME_MAX} characters."
        )
    if len(description) > DESCRIPTION_MAX:
        raise LeagueError(
            "description_length", f"A description has at most {DESCRIPTION_MAX} characters."
        )
    if joining not in League.Joining.values:
        raise LeagueError("joining", "Choose how players join the league.")
    if season_length not in League.SeasonLength.values:
        raise LeagueError("season_length", "Choose the length of the league's seasons.")
    key = creation_key or None  # without a key, no double-submit guard
    if key is not None:
        earlier = _league_of_earlier_submit(creation_key=key, organiser_id=organiser_id)
        if earlier is not None:
            return earlier
    if League.objects.filter(kind=League.Kind.PRIVATE, name__iexact=name).exists():
        raise _name_taken(name)
    now = timezone.now()
    try:
        with transaction.atomic():
            league = League.objects.create(
                kind=League.Kind.PRIVATE,
                name=name,
                description=description,
                rules=rules.to_dict(),
                joining=joining,
                season_length=season_length,
                creation_key=key,
                created_by_id=organiser_id,
            )
            Membership.objects.create(
                league=league,
                player_id=organiser_id,
                role=Membership.Role.ORGANISER,
                joined_at=now,
            )
            season_first_create(league=league, starts_at=now)
            league_charge(league_id=league.pk, user_id=organiser_id)
    except WalletRefused as refused:
        raise LeagueError(refused.code, refused.message) from refused
    except IntegrityError as error:
        # a concurrent submit of the same form, or another league that took the name
        if key is not None:
            earlier = _league_of_earlier_submit(creation_key=key, organiser_id=organiser_id)
            if earlier is not None:
                return earlier
        raise _name_taken(name) from error
    return league
