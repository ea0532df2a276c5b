"""The Champions League (seed 000: "CL Winner", "CL Top Player"): one site-run league per
calendar month of the site's time zone, created the first time anyone asks for it.

Every active player may enter a month's league once, any time before the month ends, for
`champions_league_price()` coins, charged in the transaction that creates their membership.
Its tables start only with four entrants, no computers, since a prize is at stake. Its single
season is the month; the seasons job keeps its final table at month end and awards the
achievements (`leagues.services.seasons`).
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import IntegrityError, transaction
from django.utils import dateformat, timezone

from accounts.models import User
from economy.services.errors import WalletRefused
from economy.services.prices import champions_league_charge
from games.engine import RuleOptions
from games.models import Game, Seat
from rankings.services.game_points import month_of

from ..models import League, LeagueGame, Membership, Season
from .errors import LeagueError
from .seasons import season_bounds
from .tables import league_table_open, league_table_sit


def champions_month_bounds(*, month: date) -> tuple[datetime, datetime]:
    """The first moment of `month` in the site's time zone, and of the next month."""
    first = datetime(month.year, month.month, 1, tzinfo=timezone.get_default_timezone())
    return season_bounds(starts_at=first, season_length=League.SeasonLength.MONTH)


def champions_league_name(*, month: date) -> str:
    return f"Champions League {dateformat.format(month, 'F Y')}"


def champions_league_for(*, month: date) -> League:
    """The Champions League of `month` (any day of it), with its season; created on first use.
    Two requests creating it at once: the unique month lets one insert, the other finds it."""
    month = month.replace(day=1)
    league = League.objects.filter(kind=League.Kind.CHAMPIONS, month=month).first()
    if league is not None:
        return league
    starts_at, ends_at = champions_month_bounds(month=month)
    try:
        with transaction.atomic():
            league = League.objects.create(
                kind=League.Kind.CHAMPIONS,
                month=month,
                name=champions_league_name(month=month),
                rules=RuleOptions().to_dict(),
                joining=League.Joining.LINK,
                season_length=League.SeasonLength.MONTH,
                created_by=None,
            )
            Season.objects.create(league=league, number=1, starts_at=starts_at, ends_at=ends_at)
    except IntegrityError:  # created meanwhile by another request: it committed first
        league = League.objects.get(kind=League.Kind.CHAMPIONS, month=month)
    return league


def champions_league_current(*, now: datetime | None = None) -> League:
    """This month's Champions League (the month of `now` in the site's time zone)."""
    return champions_league_for(month=month_of(now or timezone.now()))


def champions_league_season(*, league_id: int) -> Season:
    """A Champions League has one season: its month."""
    return Season.objects.get(league_id=league_id, number=1)


def champions_entrant(*, league_id: int, user_id: int) -> Membership | None:
    return Membership.objects.filter(
        league_id=league_id, player_id=user_id, ended_at__isnull=True
    ).first()


def _already_in(league: League) -> LeagueError:
    return LeagueError("already_member", f"You are already in the {league.name}.")


def champions_league_enter(*, user_id: int, now: datetime | None = None) -> Membership:
    """Enters the player in this month's Champions League and charges the entry, both or
    neither. A second entry (a double click) is refused and charges nothing: the membership's
    one-current constraint and the charge's idempotency key each make sure of it."""
    now = now or timezone.now()
    league = champions_league_current(now=now)
    season = champions_league_season(league_id=league.pk)
    if season.closed_at is not None or now >= season.ends_at:
        raise LeagueError("season_over", f"The {league.name} is over: enter next month's.")
    if not User.objects.filter(pk=user_id, is_active=True).exists():
        raise LeagueError("inactive", "A blocked account cannot enter the Champions League.")
    if champions_entrant(league_id=league.pk, user_id=user_id) is not None:
        raise _already_in(league)
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                league=league, player_id=user_id, role=Membership.Role.MEMBER, joined_at=now
            )
            # paid once per month: a player who left and comes back is not charged again
            champions_league_charge(league_id=league.pk, user_id=user_id)
    except IntegrityError as error:  # a concurrent entry of the same player committed first
        raise _already_in(league) from error
    except WalletRefused as refused:
        raise LeagueError(refused.code, refused.message) from refused
    return membership


NOT_ENTRANT = LeagueError(
    "not_entrant", "Only the Champions League's entrants play at its tables: enter it first."
)


def champions_table_open(*, user_id: int, now: datetime | None = None) -> Game:
    """An entrant opens a table of this month's Champions League. It starts only with four
    entrants (`league_table_open` makes every Champions League table `full_table_only`)."""
    league = champions_league_current(now=now)
    if champions_entrant(league_id=league.pk, user_id=user_id) is None:
        raise NOT_ENTRANT  # checked again under the membership's lock by league_table_open
    return league_table_open(league_id=league.pk, user_id=user_id)


def champions_table_sit(*, game_id: int, user_id: int) -> Seat:
    """An entrant sits at an open Champions League table."""
    if not LeagueGame.objects.filter(game_id=game_id, league__kind=League.Kind.CHAMPIONS).exists():
        raise LeagueError("not_champions_table", "This is not a Champions League table.")
    try:
        return league_table_sit(game_id=game_id, user_id=user_id)
    except LeagueError as refused:
        if refused.code == "not_member":
            raise NOT_ENTRANT from refused
        raise
