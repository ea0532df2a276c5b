"""Awarding achievements (seed 000): after a game ends, after a month closes, and for the
Champions League. One place decides, from the engine's hand history and the player's recorded
games; every award is idempotent per (player, achievement, occurrence) and pays its silver
through the economy in the same transaction (the 200 cap applies: `silver` keeps what was paid).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationKind, User
from accounts.services.notifications import notify
from economy.models import LedgerEntry
from economy.services.wallet import wallet_award
from games.models import Game
from games.selectors import engine_game

from ..achievements.catalogue import (
    BY_SLUG,
    CL_TOP_PLAYER,
    CL_WINNER,
    COLLECTOR,
    COLLECTOR_KINDS,
    EARLY_BIRD,
    FANATIC,
    FANATIC_GAMES,
    HIGH_FIVE,
    HIGH_FIVE_LOSSES,
    HIGH_FIVE_SCORE,
    MERRY_XMAS,
    MONTH_WINNER,
    MONTHIVERSARY,
    MONTHIVERSARY_DAYS,
    PRIVATE_PARTY,
    TOP_PLAYER,
    TOP_PLAYER_PLACES,
    UNBEATABLE,
    UNBEATABLE_RUN,
    Achievement,
)
from ..achievements.hand_history import game_achievements
from ..achievements.streaks import consecutive_days, run_milestones
from ..models import AchievementAward, GamePoints, LongTermAward

ONCE = "once"


def achievement_award(
    *, user_id: int, achievement: Achievement, occurrence: str, game_id: int | None = None
) -> AchievementAward | None:
    """Awards `achievement` to the player for `occurrence` and pays its silver, unless that
    occurrence was awarded before (None then). A non-repeatable achievement has one occurrence.
    Collector is checked by `achievements_award`, which the detections call."""
    occurrence = occurrence if achievement.repeatable else ONCE
    try:
        with transaction.atomic():
            paid = wallet_award(
                user_id=user_id,
                amount=achievement.silver,
                reason=LedgerEntry.Reason.ACHIEVEMENT,
                reference=achievement.name,  # the wallet history shows it as it is
                idempotency_key=f"achievement:{user_id}:{achievement.slug}:{occurrence}",
            )
            award = AchievementAward.objects.create(
                player_id=user_id,
                achievement=achievement.slug,
                occurrence=occurrence,
                game_id=game_id,
                awarded_at=timezone.now(),
                silver=paid,
            )
            notify(
                recipient_id=user_id,
                kind=NotificationKind.ACHIEVEMENT,
                text=f"Achievement: {achievement.name}"
                + (f". {paid} silver for it." if paid else "."),
                link=reverse("rankings:achievements"),
                source=f"achievement:{achievement.slug}:{occurrence}",
            )
    except IntegrityError:  # awarded before (or by a concurrent run of the same check)
        return None
    return award


def achievements_award(
    *, user_id: int, earned: Sequence[tuple[Achievement, str, int | None]]
) -> list[AchievementAward]:
    """Awards each (achievement, occurrence, game id) not awarded before, then Collector if the
    player now has five different ones. Returns the awards made."""
    awards = [
        award
        for achievement, occurrence, game_id in earned
        if (
            award := achievement_award(
                user_id=user_id, achievement=achievement, occurrence=occurrence, game_id=game_id
            )
        )
        is not None
    ]
    if awards and _collected_kinds(user_id=user_id) >= COLLECTOR_KINDS:
        collector = achievement_award(user_id=user_id, achievement=COLLECTOR, occurrence=ONCE)
        if collector is not None:
            awards.append(collector)
    return awards


def _collected_kinds(*, user_id: int) -> int:
    return (
        AchievementAward.objects.filter(player_id=user_id)
        .exclude(achievement=COLLECTOR.slug)
        .values("achievement")
        .distinct()
        .count()
    )


def achievements_after_game(*, game_id: int) -> list[AchievementAward]:
    """Everything the finished game `game_id` earned its players: the hand-history ones and those
    of their record (streaks, days, private tables). Only players who played it to the end (a
    cancelled seat forfeits the game). Its points must be recorded first (`game_points_record`).
    Idempotent. Returns the awards this call made."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None or not game.has_winner:
        return []
    # the people's seats: the query's filter, and `is not None` again for the type
    people = [
        (seat, seat.user_id)
        for seat in game.seats.filter(user__isnull=False, cancelled=False).order_by("position")
        if seat.user_id is not None
    ]
    if not people:
        return []
    engine = engine_game(game)
    final_score = game.scores  # as stored: what the game's points were counted from
    awards: list[AchievementAward] = []
    for seat, user_id in people:
        found = game_achievements(
            engine.history,
            seat=seat.position,
            rules=engine.rules,
            final_score=final_score,
            winning_seats=game.winning_seats,
        )
        earned: list[tuple[Achievement, str, int | None]] = [
            (BY_SLUG[slug], f"game:{game.pk}:{within}", game.pk) for slug, within in found
        ]
        with transaction.atomic():
            player_checks_serialized(user_id=user_id)
            earned += _record_achievements(user_id=user_id, game=game)
            awards += achievements_award(user_id=user_id, earned=earned)
    return awards


def player_checks_serialized(*, user_id: int) -> None:
    """One achievements check at a time per player (streaks read the rows other checks write):
    the player's row locked until the transaction ends. FOR NO KEY UPDATE, not FOR UPDATE: a
    row inserted elsewhere that refers to the player (a table opened, a ledger entry) checks
    its foreign key with FOR KEY SHARE at its commit, which FOR UPDATE blocks; that commit
    could hold the wallet this check awards coins from, a deadlock (seen at 1,000 tables)."""
    User.objects.select_for_update(no_key=True).filter(pk=user_id).exists()


def _record_achievements(*, user_id: int, game: Game) -> list[tuple[Achievement, str, int | None]]:
    """The achievements of the player's record that the game may complete, each with the game
    it belongs to (for a run: the game that completed it)."""
    this = GamePoints.objects.filter(player_id=user_id, game=game).first()
    if this is None:
        return []
    found: list[tuple[Achievement, str, int | None]] = []
    day: date = this.day
    played_to_the_end = GamePoints.objects.filter(player_id=user_id, cancelled=False)
    found.append((EARLY_BIRD, f"day:{day}", game.pk))
    if played_to_the_end.filter(day=day).count() >= FANATIC_GAMES:
        found.append((FANATIC, f"day:{day}", game.pk))
    if (day.month, day.day) == (12, 25):
        found.append((MERRY_XMAS, f"year:{day.year}", game.pk))
    if game.kind in (Game.Kind.PRIVATE, Game.Kind.LEAGUE):  # a league's tables are private
        found.append((PRIVATE_PARTY, ONCE, game.pk))
    # the runs that end with this game (or its day)
    until_this = GamePoints.objects.filter(player_id=user_id, finished_at__lte=this.finished_at)
    newest_first = until_this.order_by("-finished_at", "-game_id")
    games = newest_first.values_list("game_id", "won").iterator(chunk_size=100)
    for game_id in run_milestones(games, every=UNBEATABLE_RUN):
        found.append((UNBEATABLE, f"game:{game_id}", game_id))
    losses = newest_first.filter(won=False, cancelled=False).values_list("game_id", "points")
    fought = ((game_id, points >= HIGH_FIVE_SCORE) for game_id, points in losses.iterator(100))
    for game_id in run_milestones(fought, every=HIGH_FIVE_LOSSES):
        found.append((HIGH_FIVE, f"game:{game_id}", game_id))
    days = (
        played_to_the_end.filter(day__lte=day)
        .order_by("-day")
        .values_list("day", flat=True)
        .distinct()
        .iterator(chunk_size=100)
    )
    for reached in run_milestones(consecutive_days(days), every=MONTHIVERSARY_DAYS):
        found.append((MONTHIVERSARY, f"day:{reached}", game.pk))
    return found


def achievements_after_month(*, year: int, month: int) -> list[AchievementAward]:
    """Top player (top 10) and Month winner (first) of the month's total points table, read from
    the places the closing stored. Idempotent; nothing before the month is closed."""
    places = LongTermAward.objects.filter(
        year=year, month=month, table=LongTermAward.Table.TOTAL, position__lte=TOP_PLAYER_PLACES
    ).values_list("player_id", "position")
    occurrence = f"month:{year}-{month:02d}"
    awards = []
    for player_id, position in places.order_by("position"):
        earned = [TOP_PLAYER, MONTH_WINNER] if position == 1 else [TOP_PLAYER]
        awards += achievements_award(
            user_id=player_id, earned=[(each, occurrence, None) for each in earned]
        )
    return awards


def achievements_champions_league(
    *, year: int, month: int, standings: Sequence[int]
) -> list[AchievementAward]:
    """For the leagues' month end: `standings` are the Champions League's player ids, best
    first. The first is CL Winner, the top 10 are CL Top Players. Idempotent."""
    occurrence = f"month:{year}-{month:02d}"
    awards = []
    for position, player_id in enumerate(standings[:TOP_PLAYER_PLACES], start=1):
        earned = [CL_WINNER, CL_TOP_PLAYER] if position == 1 else [CL_TOP_PLAYER]
        awards += achievements_award(
            user_id=player_id, earned=[(each, occurrence, None) for each in earned]
        )
    return awards
