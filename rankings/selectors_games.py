"""A player's games page: every game they played to the end, newest first, filtered by month,
variant and result, a page at a time.

Pages are keyed, not counted: a page is the games just before (older) or just after (newer) a
(finished_at, game) key, read from the points rows' index (player, finished_at, game), or
(player, variant, finished_at, game) for one variant, so the thousandth page costs what the
first does (no OFFSET). A game is listed once the rankings have recorded its points (moments
after its end), as the points it gave are part of its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Self

from django.db.models import Prefetch, Q, QuerySet

from games.models import Seat

from .models import GamePoints
from .selectors import RecentGame, month_bounds, recent_game

PER_PAGE = 25
VARIANTS = {
    "euchre": "Euchre (partners)",
    "two_handed": "Two-handed",
    "three_handed": "Three-handed",
    "call_ace": "Call-ace",
}
RESULTS = {"won": "Won", "lost": "Lost"}
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
OLDER, NEWER = "older", "newer"


@dataclass(frozen=True)
class GamesFilter:
    month: date | None = None  # its first day
    variant: str | None = None  # a key of VARIANTS
    result: str | None = None  # "won" or "lost" (a cancelled game is neither)

    @classmethod
    def from_query(cls, month: str | None, variant: str | None, result: str | None) -> Self:
        """What the page's form sent; anything unknown is no filter."""
        return cls(
            month=_month(month),
            variant=variant if variant in VARIANTS else None,
            result=result if result in RESULTS else None,
        )

    def query(self) -> dict[str, str]:
        """The filter as the page's query string keeps it."""
        found = {
            "month": self.month.strftime("%Y-%m") if self.month else "",
            "variant": self.variant or "",
            "result": self.result or "",
        }
        return {key: value for key, value in found.items() if value}


@dataclass(frozen=True)
class GameLine:
    game: RecentGame
    variant: str


@dataclass(frozen=True)
class GamesPage:
    lines: list[GameLine]
    older: str | None  # the key of the next page of older games, if there is one
    newer: str | None  # the key of the page of newer games, if not on the first page


def _month(text: str | None) -> date | None:
    try:
        year, month = (int(part) for part in (text or "").split("-"))
        return date(year, month, 1) if 2000 <= year <= 9999 else None
    except ValueError:
        return None


def page_key(finished_at: datetime, game_id: int) -> str:
    return f"{(finished_at - EPOCH) // timedelta(microseconds=1)}.{game_id}"


def parse_key(text: str | None) -> tuple[datetime, int] | None:
    """A key of page_key; None for anything else (the first page)."""
    try:
        micro, game_id = (int(part) for part in (text or "").split("."))
        return EPOCH + timedelta(microseconds=micro), game_id
    except (ValueError, OverflowError):
        return None


def _filtered(user_id: int, chosen: GamesFilter) -> QuerySet[GamePoints]:
    rows = GamePoints.objects.filter(player_id=user_id)
    if chosen.month is not None:
        # the month of the site's time zone, as a range of the index's finished_at
        start, end = month_bounds(datetime(chosen.month.year, chosen.month.month, 15, tzinfo=UTC))
        rows = rows.filter(finished_at__gte=start, finished_at__lt=end)
    if chosen.variant is not None:
        rows = rows.filter(variant=chosen.variant)
    if chosen.result == "won":
        rows = rows.filter(won=True)
    elif chosen.result == "lost":
        rows = rows.filter(won=False, cancelled=False)
    return rows


def games_page_rows(
    *, user_id: int, chosen: GamesFilter, key: str | None, direction: str, per_page: int
) -> QuerySet[GamePoints]:
    """The points rows of a page (and one more, to know whether another page follows), in the
    order of the walk: newest first, or oldest first when going newer from `key`."""
    rows = _filtered(user_id, chosen)
    after = parse_key(key)
    newer = direction == NEWER and after is not None
    if after is not None:
        moment, game_id = after
        if newer:
            # the redundant bound lets the index start its walk at the key
            rows = rows.filter(finished_at__gte=moment).filter(
                Q(finished_at__gt=moment) | Q(game_id__gt=game_id)
            )
        else:
            rows = rows.filter(finished_at__lte=moment).filter(
                Q(finished_at__lt=moment) | Q(game_id__lt=game_id)
            )
    order = ("finished_at", "game_id") if newer else ("-finished_at", "-game_id")
    return rows.order_by(*order)[: per_page + 1]


def player_games_page(
    *,
    user_id: int,
    chosen: GamesFilter | None = None,
    key: str | None = None,
    direction: str = OLDER,
    per_page: int = PER_PAGE,
) -> GamesPage:
    """A page of the player's games, newest first: the first page, or the page just older or
    newer than `key`. Two queries: the points rows with their games, and the games' seats."""
    chosen = chosen or GamesFilter()
    after = parse_key(key)
    newer = direction == NEWER and after is not None
    rows = games_page_rows(
        user_id=user_id, chosen=chosen, key=key, direction=direction, per_page=per_page
    )
    seats = Seat.objects.select_related("user").order_by("position")
    found = list(
        rows.select_related("game").prefetch_related(Prefetch("game__seats", queryset=seats))
    )
    more = len(found) > per_page
    if newer and not more:
        # back at the newest games: the first page, full, with no way newer
        return player_games_page(user_id=user_id, chosen=chosen, per_page=per_page)
    found = found[:per_page]
    if newer:
        found.reverse()
    lines = [
        GameLine(recent_game(row.game, user_id), VARIANTS.get(row.variant, "")) for row in found
    ]
    first, last = (found[0], found[-1]) if found else (None, None)
    has_older = True if newer else more
    has_newer = newer or after is not None
    return GamesPage(
        lines=lines,
        older=page_key(last.finished_at, last.game_id) if has_older and last else None,
        newer=page_key(first.finished_at, first.game_id) if has_newer and first else None,
    )
