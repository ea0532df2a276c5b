"""Month-end speed: `python -m rankings.bench [--players N] [--games N] [--months N]`.

Builds N players and N finished games (four seats each, every seat a person, and the points of
every seat recorded) in PostgreSQL with set-based SQL, spread over `--months` consecutive months
from January 2025, then times the real month end (`rankings.services.month_end.month_end`) of
each month, and once more to show a second run awards nothing. A benchmark, not a test.

By default it works in a dedicated database (`--bench-database`, default euchre_bench) on the
server of DATABASE_URL (or `--database-url`): created and migrated first, dropped at the end
(`--keep` keeps it). `--no-fresh` uses the DATABASE_URL database itself, and refuses one that
already has users.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from dataclasses import dataclass
from datetime import date, datetime

# the rest of the project is imported where it is used: Django is set up on the bench's database
# first (bench_database)
from .bench_database import bench_database, server_version

FIRST_MONTH = date(2025, 1, 1)
# marks a database this bench created, so a rerun may drop it and never anything else
CANCELLED_ONE_SEAT_IN = 97  # about 1% of seats were cancelled: 0-point rows, as on a real site


@dataclass(frozen=True)
class Built:
    players: int
    games: int
    seats: int
    game_points: int
    seconds: float


@dataclass(frozen=True)
class MonthEndRun:
    year: int
    month: int
    closed_now: bool
    awards: int  # LongTermAward rows written
    carries: int  # MonthCarry rows written
    achievements: int  # AchievementAward rows written
    seconds: float


def months_from(first: date, count: int) -> list[date]:
    """The first days of `count` consecutive months starting with `first`."""
    months = []
    year, month = first.year, first.month
    for _ in range(count):
        months.append(date(year, month, 1))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def _block_of_ids(cursor, table: str, count: int) -> int:
    """Reserves `count` ids of `table`'s identity sequence; returns the first. Explicit ids let
    the SQL compute who sits where, and reserving them keeps later inserts from colliding."""
    cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
    (sequence,) = cursor.fetchone()
    cursor.execute("SELECT nextval(%s)", [sequence])
    (first,) = cursor.fetchone()
    cursor.execute("SELECT setval(%s, %s)", [sequence, first + count - 1])
    return first


def _indexes_dropped(cursor, tables: list[str]) -> list[str]:
    """Drops the tables' secondary indexes, unique and foreign-key constraints, and primary
    keys no foreign key points at, and returns the statements that make them again: building
    an index once over millions of rows is many times faster than updating it row by row, and
    adding a foreign key back checks every row in one join."""
    rebuilds: list[str] = []
    for table in tables:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid), contype FROM pg_constraint AS c "
            "WHERE conrelid = %s::regclass AND (contype IN ('u', 'f') OR contype = 'p' "
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE confrelid = c.conrelid)) "
            "ORDER BY contype DESC",  # keys back first, as the foreign keys went first
            [table],
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
            "WHERE indrelid = %s::regclass AND NOT indisprimary AND NOT EXISTS ("
            "SELECT 1 FROM pg_constraint WHERE conrelid = indrelid AND conindid = indexrelid)",
            [table],
        )
        indexes = cursor.fetchall()
        for name, _definition, _kind in sorted(constraints, key=lambda row: row[2] != "f"):
            cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")
        rebuilds += [
            f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}'
            for name, definition, _kind in constraints
        ]
        rebuilds += [definition for _name, definition in indexes]
    return rebuilds


def _insert_select(cursor, model, values: dict[str, str], source: str, params=()) -> int:
    """INSERT INTO the model's table SELECT `values` (column: SQL expression) FROM `source`;
    returns the rows inserted. A NOT NULL column not in `values` gets its model default, the
    same in every row, so a column added to the model later does not stop the bench."""
    from django.db import connection

    others = [
        field
        for field in model._meta.concrete_fields
        if field.column not in values
        and not field.primary_key
        and not field.null
        and field.has_default()
    ]
    columns = [*values, *(field.column for field in others)]
    expressions = [*values.values(), *("%s" for _ in others)]
    defaults = [field.get_db_prep_save(field.get_default(), connection) for field in others]
    cursor.execute(
        f"INSERT INTO {model._meta.db_table} ({', '.join(columns)}) "
        f"SELECT {', '.join(expressions)} FROM {source}",
        [*params, *defaults],
    )
    return cursor.rowcount


def bench_data_build(*, players: int, games: int, months: int = 1) -> Built:
    """Inserts `players` users and `games` finished games with their seats and recorded points,
    the games spread evenly over `months` months from FIRST_MONTH (the site's time zone), in one
    transaction on Django's connection. Deterministic (a fixed random seed)."""
    from django.conf import settings
    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User
    from games.engine.rules import RuleOptions
    from games.models import Game, Seat

    from .models import GamePoints
    from .points import WINNER_BONUS

    if players < 4 or games < months:
        raise ValueError("four different players a game, and a game in every month")
    zone = timezone.get_default_timezone()
    month_firsts = months_from(FIRST_MONTH, months + 1)
    per_month = [games // months + (1 if index < games % months else 0) for index in range(months)]
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
        cursor.execute("SELECT setseed(0.42)")
        first_user = _block_of_ids(cursor, User._meta.db_table, players)
        first_game = _block_of_ids(cursor, Game._meta.db_table, games)
        _insert_select(
            cursor,
            User,
            {
                "id": "id",
                "password": "'!bench'",  # '!' starts an unusable password
                "is_superuser": "false",
                "email": "'bench' || id || '@example.invalid'",
                "display_name": "'Bench' || id",
                "is_staff": "false",
                "is_active": "true",
                "date_joined": "%s",
                "going_under": "'either'",
                "invite_code": "'bench' || id",
            },
            f"generate_series({first_user}::bigint, {first_user + players - 1}::bigint) AS id",
            [datetime(2024, 1, 1, tzinfo=zone)],
        )
        # one row per game: who sits in seat 0 (skewed: a few play far more than most), who
        # won and the score; the games, seats and points below are computed from it
        cursor.execute(
            "CREATE TEMP TABLE bench_game (id bigint, n bigint, seat0 int, winner_team int, "
            "winner_score int, loser_score int, finished_at timestamptz)"
        )
        done = 0
        for index, count in enumerate(per_month):
            start = datetime.combine(month_firsts[index], datetime.min.time(), tzinfo=zone)
            end = datetime.combine(month_firsts[index + 1], datetime.min.time(), tzinfo=zone)
            cursor.execute(
                "INSERT INTO bench_game "
                "SELECT %(first_game)s + n, n, floor(power(random(), 1.5) * %(players)s), "
                "(random() < 0.5)::int, 10 + (random() < 0.2)::int, floor(random() * 10), "
                "%(start)s::timestamptz + (n - %(done)s) * %(step)s * interval '1 second' "
                "FROM generate_series(%(done)s, %(last)s) AS n",
                {
                    "first_game": first_game,
                    "players": players,
                    "start": start,
                    "done": done,
                    "last": done + count - 1,
                    "step": (end - start).total_seconds() / count,
                },
            )
            done += count
        # the four seats of each game: seat 0's player and the players a quarter, a half and
        # three quarters of the way round, so the four always differ
        cursor.execute(
            "CREATE TEMP VIEW bench_seat AS "
            "SELECT g.id AS game_id, g.finished_at, seat.position, "
            f"{first_user} + mod(g.seat0 + seat.position * {players // 4}, {players}) AS user_id, "
            f"mod(g.n * 4 + seat.position, {CANCELLED_ONE_SEAT_IN}) = 0 AS cancelled, "
            "mod(seat.position, 2) = g.winner_team AS on_winning_team, "
            "g.winner_score, g.loser_score "
            "FROM bench_game AS g CROSS JOIN generate_series(0, 3) AS seat(position)"
        )
        rebuilds = _indexes_dropped(
            cursor, [model._meta.db_table for model in (Game, Seat, GamePoints)]
        )
        _insert_select(
            cursor,
            Game,
            {
                "id": "id",
                "kind": "'public'",
                "status": "'finished'",
                "rules": "%s::jsonb",
                "seed": "md5(n::text)::varchar(16)",
                "version": "200",
                "invite_token": "'bench-' || id",
                "created_at": "finished_at - interval '16 minutes'",
                "started_at": "finished_at - interval '15 minutes'",
                "finished_at": "finished_at",
                "moved_at": "finished_at",
                "score_team0": "CASE winner_team WHEN 0 THEN winner_score ELSE loser_score END",
                "score_team1": "CASE winner_team WHEN 1 THEN winner_score ELSE loser_score END",
                "winner_team": "winner_team",
            },
            "bench_game",
            [json.dumps(RuleOptions().to_dict())],
        )
        seats = _insert_select(
            cursor,
            Seat,
            {
                "game_id": "game_id",
                "position": "position",
                "user_id": "user_id",
                "in_play": "false",
                "cancelled": "cancelled",
                "time_limit_ms": "30000",
                "timeouts": "0",
            },
            "bench_seat",
        )
        local_time = "(finished_at AT TIME ZONE %s)"
        game_points = _insert_select(
            cursor,
            GamePoints,
            {
                "player_id": "user_id",
                "game_id": "game_id",
                # rankings.points.game_points in SQL: the team's score, 5 more for the
                # winners, 0 for a cancelled seat
                "points": "CASE WHEN cancelled THEN 0 "
                f"WHEN on_winning_team THEN winner_score + {WINNER_BONUS} ELSE loser_score END",
                "won": "on_winning_team AND NOT cancelled",
                "cancelled": "cancelled",
                "month": f"date_trunc('month', {local_time})::date",
                "day": f"{local_time}::date",
                "finished_at": "finished_at",
            },
            "bench_seat",
            [settings.TIME_ZONE, settings.TIME_ZONE],
        )
        # dropped now, not at commit: a caller's outer transaction may build again
        cursor.execute("DROP VIEW bench_seat")
        cursor.execute("DROP TABLE bench_game")
        for statement in rebuilds:
            cursor.execute(statement)
    return Built(
        players=players,
        games=games,
        seats=seats,
        game_points=game_points,
        seconds=time.perf_counter() - started,
    )


def statistics_gathered(*, vacuum: bool) -> float:
    """ANALYZE (and VACUUM, outside a transaction) the built tables, as autovacuum would have
    on a real site: the planner needs statistics, index-only scans a visibility map."""
    from django.db import connection

    from accounts.models import User
    from games.models import Game, Seat

    from .models import GamePoints

    tables = [model._meta.db_table for model in (User, Game, Seat, GamePoints)]
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"{'VACUUM (ANALYZE)' if vacuum else 'ANALYZE'} {table}")
    return time.perf_counter() - started


def month_end_measured(*, year: int, month: int) -> MonthEndRun:
    """Runs the real month end for (year, month) and counts the rows it wrote."""
    from .models import AchievementAward, LongTermAward, MonthCarry
    from .services.month_end import month_end

    counted = (LongTermAward, MonthCarry, AchievementAward)
    before = [model.objects.count() for model in counted]
    started = time.perf_counter()
    ended = month_end(year=year, month=month)
    seconds = time.perf_counter() - started
    awards, carries, achievements = (
        model.objects.count() - earlier for model, earlier in zip(counted, before, strict=True)
    )
    return MonthEndRun(
        year=year,
        month=month,
        closed_now=ended.closed_now,
        awards=awards,
        carries=carries,
        achievements=achievements,
        seconds=seconds,
    )


def _row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<28} {value:>14}  {note}".rstrip(), flush=True)


def _month_end_row(label: str, run: MonthEndRun) -> None:
    _row(
        f"{label} {run.year}-{run.month:02d}",
        f"{run.seconds:.2f} s",
        f"awards {run.awards:,}, carries {run.carries:,}, achievements {run.achievements:,}",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000, help="in all, over the months")
    parser.add_argument("--months", type=int, default=1, help="months the games spread over")
    parser.add_argument("--database-url", help="the PostgreSQL server (default: DATABASE_URL)")
    parser.add_argument(
        "--fresh",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="work in a dedicated database, created now and dropped at the end (default)",
    )
    parser.add_argument("--bench-database", default="euchre_bench")
    parser.add_argument("--keep", action="store_true", help="keep the dedicated database")
    args = parser.parse_args(argv)
    if args.months < 1 or args.games < args.months:
        parser.error("at least one month, and a game in each")

    # a killed bench still drops its database (the `finally` of bench_database runs)
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit(143))
    with bench_database(args) as name:
        print(f"rankings month-end bench: database {name}, PostgreSQL {server_version()}")
        print(f"  building {args.players:,} players and {args.games:,} games ...", flush=True)
        built = bench_data_build(players=args.players, games=args.games, months=args.months)
        _row("players", f"{built.players:,}")
        _row("finished games", f"{built.games:,}")
        _row("seats", f"{built.seats:,}")
        _row("game points rows", f"{built.game_points:,}")
        _row("build (set-based SQL)", f"{built.seconds:.1f} s")
        _row("vacuum + analyze", f"{statistics_gathered(vacuum=True):.1f} s")
        months = months_from(FIRST_MONTH, args.months)
        for first in months:
            _month_end_row("month end", month_end_measured(year=first.year, month=first.month))
        again = month_end_measured(year=months[-1].year, month=months[-1].month)
        _month_end_row("second run", again)
        if again.closed_now or again.awards or again.carries or again.achievements:
            print("the second run wrote rows: month end is not idempotent", file=sys.stderr)
            return 1
    if args.fresh and args.keep:
        print(f"  kept the database {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
