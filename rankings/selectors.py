"""Reading a player's results: games, points this month and all time, the best month, and their
recent games.

Seed 000's rule for the points of one game lives in `rankings.points.game_points`; `seat_points`
below is the same rule as SQL, so sums over many games are one query. A game counts in the month
in which it ends, in the site's time zone ("if the game is not yet over when the last day of the
month ends, the points from that game will count towards the next month's score").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db import connection
from django.db.models import Case, Count, F, IntegerField, Prefetch, Q, QuerySet, Sum, Value, When
from django.db.models.functions import Coalesce, Mod, TruncMonth
from django.db.models.lookups import Exact
from django.utils import timezone

from accounts.models import User
from economy.models import SILVER_CAP
from games.models import GAME_DECIDED, SEAT_GAME_DECIDED, Game, Seat
from games.selectors import seat_label

from .history import MonthChart, month_chart, points_by_month
from .models import GamePoints, LongTermAward, MonthCarry, PlayerRank
from .points import WINNER_BONUS, seat_game_points
from .rank_bar import RankBar, rank_bar
from .ranks import NEWBIE, RANKS, Rank, next_rank
from .selectors_achievements import AchievementCount, player_achievements
from .tables import month_table

RECENT_GAMES = 10


def seat_points() -> Case:
    """`game_points` for a Seat row joined to its game, as a database expression. The side's
    score: the team's, on the game, with partners; the player's own, on the seat, without."""
    team = Mod(F("position"), Value(2), output_field=IntegerField())
    team_score = Case(
        When(Exact(team, 0), then=F("game__score_team0")),
        default=F("game__score_team1"),
        output_field=IntegerField(),
    )
    side_score = Case(
        When(game__winner_seat__isnull=False, then=F("score")),
        default=team_score,
        output_field=IntegerField(),
    )
    return Case(
        When(Q(cancelled=True) | ~SEAT_GAME_DECIDED, then=Value(0)),
        When(seat_on_winning_side(), then=side_score + Value(WINNER_BONUS)),
        default=side_score,
        output_field=IntegerField(),
    )


def seat_on_winning_side() -> Q:
    """For a Seat row: its team won the partnership game, or it won a game without partners."""
    team = Mod(F("position"), Value(2), output_field=IntegerField())
    return Q(game__winner_team=team) | Q(game__winner_seat=F("position"))


def seat_won() -> Q:
    """For a Seat row: a win (its side won, and its player did not cancel)."""
    return Q(cancelled=False) & seat_on_winning_side()


def counted_seats(*, user_id: int) -> QuerySet[Seat]:
    """The player's seats in games that count: finished, and with a winner."""
    finished = Seat.objects.filter(user_id=user_id, game__status=Game.Status.FINISHED)
    return finished.filter(SEAT_GAME_DECIDED)


def month_bounds(now: datetime) -> tuple[datetime, datetime]:
    """The first moment of the month of `now` in the site's time zone, and of the next one."""
    local = timezone.localtime(now, timezone.get_default_timezone())
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (start + timedelta(days=32)).replace(day=1)
    return start, end


@dataclass(frozen=True)
class PlayerTotals:
    games_played: int  # finished games with a winner the player sat in, cancelled ones too
    games_won: int  # ... that their side won and they did not cancel
    games_cancelled: int
    points_this_month: int
    points_all_time: int


def player_totals(*, user_id: int, now: datetime | None = None) -> PlayerTotals:
    """One aggregate query."""
    start, end = month_bounds(now or timezone.now())
    points = seat_points()
    this_month = Q(game__finished_at__gte=start, game__finished_at__lt=end)
    totals = counted_seats(user_id=user_id).aggregate(
        games_played=Count("pk"),
        games_won=Count("pk", filter=seat_won()),
        games_cancelled=Count("pk", filter=Q(cancelled=True)),
        points_this_month=Coalesce(Sum(points, filter=this_month), 0),
        points_all_time=Coalesce(Sum(points), 0),
    )
    return PlayerTotals(**totals)


def player_best_month_points(*, user_id: int) -> int:
    """The most points the player won within one month (months of the site's time zone)."""
    best = (
        counted_seats(user_id=user_id)
        .annotate(month=TruncMonth("game__finished_at", tzinfo=timezone.get_default_timezone()))
        .values("month")
        .annotate(points=Sum(seat_points()))
        .order_by("-points")
        .values_list("points", flat=True)
        .first()
    )
    return best or 0


@dataclass(frozen=True)
class RecentGame:
    game_id: int
    finished_at: datetime
    won: bool  # the player's side won (a player who cancelled gets no points either way)
    cancelled: bool
    score_us: int  # the player's side's score
    score_others: tuple[int, ...]  # the other team's, or each other player's in seat order
    points: int
    partner: str | None  # the partner in the partnership game
    opponents: tuple[str, ...]  # everyone else at the table (call-ace: partners change)

    @property
    def score_line(self) -> str:
        return "–".join(str(score) for score in (self.score_us, *self.score_others))  # noqa: RUF001

    @property
    def company(self) -> str:
        """ "with Cid against Bob and Ada · strong", or "against Bob and Cid"."""
        *others, last = self.opponents
        against = f"{', '.join(others)} and {last}" if others else last
        if self.partner is not None:
            return f"with {self.partner} against {against}"
        return f"against {against}"


def recent_game(game: Game, user_id: int) -> RecentGame:
    """The line of a list of games for the player `user_id`; the game's seats and their users
    prefetched (`game.seats.all()`)."""
    finished_at = game.finished_at
    assert finished_at is not None, "a finished game's line"
    seats = list(game.seats.all())
    mine = next(seat for seat in seats if seat.user_id == user_id)
    if game.partnerships:
        team = mine.position % 2
        partner: str | None = seat_label(game, seats[(mine.position + 2) % 4])
        others = [seat for seat in seats if seat.position % 2 != team]
        score_others: tuple[int, ...] = (game.scores[1 - team],)
    else:
        partner = None
        others = [seat for seat in seats if seat is not mine]
        score_others = tuple(seat.score for seat in others)
    return RecentGame(
        game_id=game.pk,
        finished_at=finished_at,
        won=mine.position in game.winning_seats,
        cancelled=mine.cancelled,
        score_us=game.side_score(mine),
        score_others=score_others,
        points=seat_game_points(game, mine),
        partner=partner,
        opponents=tuple(seat_label(game, seat) for seat in others),
    )


def player_recent_games(*, user_id: int, limit: int = RECENT_GAMES) -> list[RecentGame]:
    """The player's latest counted games, newest first: one query, and one for their seats."""
    games = (
        Game.objects.filter(GAME_DECIDED, seats__user_id=user_id, status=Game.Status.FINISHED)
        .order_by("-finished_at", "-pk")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
        )[:limit]
    )
    return [recent_game(game, user_id) for game in games]


def player_rank(*, user_id: int) -> Rank:
    """The highest rank the player has reached (stored, kept forever); Newbie without one."""
    reached = set(PlayerRank.objects.filter(player_id=user_id).values_list("rank", flat=True))
    return next((rank for rank in reversed(RANKS) if rank.slug in reached), NEWBIE)


@dataclass(frozen=True)
class RankProgress:
    earned: int  # points earned this month
    carried: int  # points carried into this month (30% of last month's)
    next_rank: Rank | None  # the next rank not reached yet; None past the highest

    @property
    def progress(self) -> int:
        return self.earned + self.carried

    @property
    def missing(self) -> int:
        """Points still to win this month for the next rank."""
        return max(0, self.next_rank.monthly_points - self.progress) if self.next_rank else 0


def player_rank_progress(*, user_id: int, rank: Rank, now: datetime | None = None) -> RankProgress:
    """This month's progress: recorded points plus the carry into the month."""
    start, _ = month_bounds(now or timezone.now())
    month = start.date()
    earned = GamePoints.objects.filter(player_id=user_id, month=month).aggregate(
        total=Coalesce(Sum("points"), 0)
    )["total"]
    carried = (
        MonthCarry.objects.filter(player_id=user_id, year=month.year, month=month.month)
        .values_list("points", flat=True)
        .first()
    ) or 0
    return RankProgress(earned=earned, carried=carried, next_rank=next_rank(rank))


@dataclass(frozen=True)
class TablePage:
    rows: list[dict]  # player_id, name, total, games, average, last_at, position
    page: int
    pages: int
    players: int


def month_table_page(*, table: str, month: date, page: int = 1, per_page: int = 50) -> TablePage:
    """One page of a monthly table (`rankings.tables`), best first."""
    ranked = month_table(table=table, month=month)
    players = ranked.count()
    pages = max(1, -(-players // per_page))
    page = min(max(1, page), pages)
    rows = list(ranked[(page - 1) * per_page : page * per_page])
    return TablePage(rows=rows, page=page, pages=pages, players=players)


def month_table_position(*, table: str, month: date, user_id: int) -> dict | None:
    """The player's own row in a monthly table (position among everyone), None when absent.
    The filter must apply after the window, so it wraps the ranked query."""
    sql, params = month_table(table=table, month=month).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT * FROM ({sql}) AS ranked WHERE ranked.player_id = %s", [*params, user_id]
        )
        found = cursor.fetchone()
        if found is None:
            return None
        return dict(zip([column[0] for column in cursor.description], found, strict=True))


def overall_ranking(*, now: datetime | None = None, limit: int = 100) -> list[dict]:
    """The twelve-month ranking: each player's long-term awards over the past 12 closed months
    (the 12 months before the current one), best first; ties to the lower player id."""
    start, _ = month_bounds(now or timezone.now())
    last = start.year * 12 + start.month - 2  # the month before this one, as a month number
    first = last - 11
    since = Q(year__gt=first // 12) | Q(year=first // 12, month__gte=first % 12 + 1)
    until = Q(year__lt=last // 12) | Q(year=last // 12, month__lte=last % 12 + 1)
    return list(
        LongTermAward.objects.filter(since, until)
        .values("player_id")
        .annotate(name=F("player__display_name"), points=Sum("points"))
        .order_by("-points", "player_id")[:limit]
    )


@dataclass(frozen=True)
class PlayerProfile:
    player_id: int
    name: str
    blocked: bool
    totals: PlayerTotals
    best_month_points: int
    rank: Rank
    next_rank: Rank | None
    rank_progress: RankProgress
    rank_bar: RankBar
    silver_cap: int  # rank rewards are silver: what the cap cuts off is lost
    month_chart: MonthChart  # points in each of the last twelve months
    achievements: list[AchievementCount]  # the ones earned, in the catalogue's order
    recent_games: list[RecentGame]


def player_profile(*, user_id: int, now: datetime | None = None) -> PlayerProfile | None:
    """What a player's profile page shows; None when there is no such player.

    The rank is the stored one (reached once, kept forever); its progress this month counts
    the points carried into the month. A fixed number of queries, however many games.
    """
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    best = player_best_month_points(user_id=user_id)
    rank = player_rank(user_id=user_id)
    progress = player_rank_progress(user_id=user_id, rank=rank, now=now)
    return PlayerProfile(
        player_id=user.pk,
        name=user.get_short_name(),
        blocked=user.is_blocked,
        totals=player_totals(user_id=user_id, now=now),
        best_month_points=best,
        rank=rank,
        next_rank=next_rank(rank),
        rank_progress=progress,
        rank_bar=rank_bar(
            rank=rank,
            next_rank=progress.next_rank,
            earned=progress.earned,
            carried=progress.carried,
        ),
        silver_cap=SILVER_CAP,
        month_chart=month_chart(points_by_month(user_id=user_id, now=now)),
        achievements=[
            earned for earned in player_achievements(user_id=user_id) if earned.times > 0
        ],
        recent_games=player_recent_games(user_id=user_id),
    )
