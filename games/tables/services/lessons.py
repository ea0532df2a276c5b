"""The first lesson: a real game at a real table, only its rules, deal and computers fixed.

A private table flagged `lesson` (the same engine, table page, socket, computers and hints as
any game): the standard rules, the seed LESSON_SEED and normal computers in the three other
seats, started at once. It is free (`charges.py`) and never counts for the rankings
(`games.models.GAME_DECIDED`). Its deal was chosen because the newcomer, first to bid, holds
both bowers of the up card's suit: ordering it up is the strong player's choice, and a pass
sees the next player order it up; either way trump, the bowers, following suit, tricks won and
a score all come in the first hand. The table page explains each step
(`games.tables.lesson_texts`, `static/games/table/lesson.js`).

Newcomers are offered it (`games.tables.selectors_lessons`) until they play a game or turn it
down; the rules page offers it to anyone signed in.
"""

from __future__ import annotations

from django.db import IntegrityError
from django.db.models.functions import Coalesce, Now
from django.utils import timezone

from accounts.models import User
from games.engine import RuleOptions
from games.live.services import after_move
from games.live.services.player_lock import player_serialized
from games.models import ComputerLevel, Game

from .tables import ALREADY_PLAYING, TableError, game_begin, seats_create

# the standard game's deal where seat 0 bids first holding the jacks of clubs and spades under
# a king of clubs (found by replaying seeds with the normal computers; a test keeps it so)
LESSON_SEED = "lesson-140"
LESSON_LEVEL = ComputerLevel.NORMAL


def lesson_start(*, user_id: int) -> Game:
    """The player's lesson, started, with them in seat 0; the offer is closed. Refused
    (`TableError` "already_playing") while they have another unfinished game."""
    try:
        with player_serialized(user_id):
            game = Game.objects.create(
                kind=Game.Kind.PRIVATE,
                rules=RuleOptions().to_dict(),
                seed=LESSON_SEED,
                created_by_id=user_id,
                computer_level=LESSON_LEVEL,
                lesson=True,
            )
            seats_create(game, [user_id])
            game_begin(Game.objects.select_for_update().get(pk=game.pk))
            lesson_offer_close(user_id=user_id)
    except IntegrityError as error:
        raise ALREADY_PLAYING from error
    return game


def lesson_offer_close(*, user_id: int) -> None:
    """The player took the lesson or turned it down: no longer offered (the first time kept)."""
    User.objects.filter(pk=user_id).update(
        lesson_offer_closed_at=Coalesce("lesson_offer_closed_at", Now())
    )


def lesson_leave(*, game_id: int, user_id: int) -> None:
    """The player skips the rest of their lesson: the table closes at once, without a winner
    (nobody plays on in an empty lesson), and they are free to play elsewhere."""
    with player_serialized(user_id):
        game = Game.objects.select_for_update().filter(pk=game_id, lesson=True).first()
        if game is None or not game.seats.filter(user_id=user_id).exists():
            raise TableError("not_a_lesson", "This is not one of your lessons.")
        if game.status != Game.Status.PLAYING:
            return
        game.seats.update(in_play=False)
        game.status, game.finished_at, game.turn_deadline = (
            Game.Status.FINISHED,
            timezone.now(),
            None,
        )
        game.save(update_fields=["status", "finished_at", "turn_deadline"])
        after_move.schedule(game, computer_turn=False)
