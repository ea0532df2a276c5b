"""Moves: validate with the engine, append to the log, bump the version, all under a row lock.

One writer per game: every move locks the game row (`select_for_update`) and checks the version
the client saw, so of two simultaneous moves exactly one is applied and the other is told why.
What follows a move (telling the table, timers, computer turns) is queued on commit.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import DatabaseError, transaction
from django.utils import timezone

from games.engine import Game as EngineGame
from games.engine import IllegalAction
from games.errors import Refused
from games.models import Action, ComputerLevel, Game, Seat
from games.players.levels import choose_action_at_level
from games.selectors import engine_game

from .decision_cpu import decision_cpu_add
from .move_in_flight import move_in_flight, move_in_flight_mark
from .move_record import Move, MoveApplied, moves_record
from .move_rows import game_with_seats_locked


class MoveRejected(Refused):
    """A move that was not applied."""


# a run of computer moves in one task stops here and queues the rest: a table of computers only
# (everyone left) would otherwise play a whole game in one task
COMPUTER_RUN_LONGEST = 8
# levels whose decision costs well under a millisecond: the computers at these levels who follow
# a person's move play in that move's transaction, in the process that took it (no task, no
# second transaction or message); a search's decisions (tens of ms) stay on the workers, but a
# move with no choice (one honest action: a third of a computer's moves, and every move of
# about one run in ten) costs nothing at any level and is played there too
MOVE_WITH_PERSON_LEVELS = frozenset({ComputerLevel.EASY})


def full_time_limit_ms(game: Game | None = None) -> int:
    """A seat's whole time for a turn: seed 000's limit, or a lesson's longer one."""
    if game is not None and game.lesson:
        return int(settings.GAME_LESSON_TURN_SECONDS * 1000)
    return int(settings.GAME_TURN_SECONDS * 1000)


def game_act(*, game_id: int, user_id: int, action: str, version: int) -> MoveApplied:
    """A player's own move, and the computers' after it that cost no search (the easy ones,
    MOVE_WITH_PERSON_LEVELS, and any with a single honest action) in the same transaction.
    Playing yourself brings your time limit back to full (seed 000). A database error leaves
    the move in flight (`move_in_flight`) for its retry (`move_retry.game_act_retrying`)."""
    with transaction.atomic():
        try:
            return _game_act_locked(game_id, user_id, action, version)
        except DatabaseError:
            # still inside the failed transaction: the game's row is not yet free for a timeout
            move_in_flight_mark(game_id=game_id, version=version)
            raise


def _game_act_locked(game_id: int, user_id: int, action: str, version: int) -> MoveApplied:
    locked = game_with_seats_locked(game_id)
    if locked is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    game, seats = locked
    seat = _players_seat(game, seats, user_id)
    if version != game.version:
        raise MoveRejected(
            "stale_version",
            "The table has moved on since you chose; here is the current state.",
            version=game.version,
        )
    engine = _playing_engine(game)
    if engine.to_act != seat.position:
        raise MoveRejected("not_your_turn", "It is not your turn.", version=game.version)
    try:
        after = engine.apply(action, seat=seat.position)
    except IllegalAction as error:
        raise MoveRejected("illegal_action", str(error), version=game.version) from error
    if seat.time_limit_ms != full_time_limit_ms(game):
        seat.time_limit_ms = full_time_limit_ms(game)
        seat.save(update_fields=["time_limit_ms"])
    ended = after.hand_number != engine.hand_number
    moves = [Move(seat.position, action, after, Action.Source.PLAYER, hand_ended=ended)]
    moves += computers_play(
        game, seats, after, at_version=version + 1, levels=MOVE_WITH_PERSON_LEVELS
    )
    return moves_record(
        game, seats, moves, Action.Source.PLAYER, shown_after_ms=_paced_ms(len(moves) - 1)
    )


def computer_run(*, game_id: int, version: int) -> MoveApplied | None:
    """The computers' moves from `version` until a person's turn or the game's end, in one task
    and one transaction (a task and a transaction each cost more than a move's own work).

    The page shows a computer's move GAME_COMPUTER_PAUSE_SECONDS after the one before (each
    version's frame is sent), so the person to move next gets that time added to their
    deadline. A process dying midway loses nothing: nothing of the run is stored, and the
    sweeper queues the computer's turn again. At COMPUTER_RUN_LONGEST moves the rest is queued."""
    with transaction.atomic():
        locked = game_with_seats_locked(game_id)
        if locked is None:
            return None
        game, seats = locked
        if game.status != Game.Status.PLAYING or game.version != version:
            return None
        moves = computers_play(game, seats, engine_game(game), at_version=version)
        if not moves:
            return None
        return moves_record(
            game, seats, moves, Action.Source.COMPUTER, shown_after_ms=_paced_ms(len(moves) - 1)
        )


def computers_play(
    game: Game,
    seats: dict[int, Seat],
    engine: EngineGame,
    *,
    at_version: int,
    levels: frozenset[str] | None = None,
) -> list[Move]:
    """The computers' moves from `engine`, the game at `at_version`, until a person's turn, the
    game's end, COMPUTER_RUN_LONGEST moves or (with `levels`) a computer of another level
    who has a choice to make."""
    moves: list[Move] = []
    while len(moves) < COMPUTER_RUN_LONGEST and not engine.is_over:
        position = engine.to_act
        if position is None or not seats[position].is_computer:
            break  # a person's turn
        level = computer_level(game, seats[position])
        if levels is not None and level not in levels and len(engine.honest_actions()) != 1:
            break  # a decision to search: the worker's
        started = time.thread_time()
        action = choose_action_at_level(
            engine.view(position),
            engine.rules,
            level,
            # the same move however often a task retries, and wherever it is made
            seed=f"{game.seed}/{at_version + len(moves)}",
        )
        decision_cpu_add(time.thread_time() - started)
        after = engine.apply(action, seat=position)
        ended = after.hand_number != engine.hand_number
        engine = after
        moves.append(Move(position, action, engine, Action.Source.COMPUTER, hand_ended=ended))
    return moves


def _paced_ms(computer_moves: int) -> int:
    """How long after the commit the page shows the last of `computer_moves` computer moves
    (each GAME_COMPUTER_PAUSE_SECONDS after the move before it)."""
    return computer_moves * int(settings.GAME_COMPUTER_PAUSE_SECONDS * 1000)


def computer_act(
    *,
    game_id: int,
    version: int,
    source: str,
) -> MoveApplied | None:
    """The computer moves for the seat to act, if the game is still at `version`.

    Called by the computer-turn and timeout tasks; a late, duplicate or stale call finds another
    version (or a finished game) and does nothing, so the tasks are safe to run twice.
    """
    if source == Action.Source.TIMEOUT and not _still_at(game_id, version):
        return None  # most timers find that the player moved in time: no lock for those
    with transaction.atomic():
        locked = game_with_seats_locked(game_id)
        if locked is None:
            return None
        game, seats = locked
        if game.status != Game.Status.PLAYING or game.version != version:
            return None
        engine = engine_game(game)
        seat_position = engine.to_act
        if seat_position is None:
            return None
        seat = seats[seat_position]
        if source == Action.Source.TIMEOUT:
            if seat.is_computer or game.turn_deadline is None:
                return None
            if game.turn_deadline > timezone.now():
                return None  # the player still has time (the deadline moved)
            if move_in_flight(game_id=game_id, version=version):
                return None  # their move met a database error and comes again; a tick retries
            seat.timeouts += 1
            seat.time_limit_ms = max(
                seat.time_limit_ms // 2, int(settings.GAME_TURN_FLOOR_SECONDS * 1000)
            )
            seat.save(update_fields=["timeouts", "time_limit_ms"])
        elif not seat.is_computer:
            return None  # a person sits here: only their timer may move for them
        started = time.thread_time()
        action = choose_action_at_level(
            engine.view(seat_position),
            engine.rules,
            computer_level(game, seat),
            seed=f"{game.seed}/{game.version}",  # the same move however often a task retries
        )
        decision_cpu_add(time.thread_time() - started)
        after = engine.apply(action, seat=seat_position)
        ended = after.hand_number != engine.hand_number
        return moves_record(
            game, seats, [Move(seat_position, action, after, hand_ended=ended)], source
        )


def _still_at(game_id: int, version: int) -> bool:
    return Game.objects.filter(pk=game_id, version=version, status=Game.Status.PLAYING).exists()


def computer_level(game: Game, seat: Seat) -> str:
    """A seat nobody took plays at the table's level; a computer standing in for a person (a
    timeout, a cancel, a block) plays at the strongest, so nobody's partner is let down."""
    return game.computer_level_of(seat) or ComputerLevel.STRONG


def seat_touch(*, game_id: int, user_id: int) -> bool:
    """The player clicked a card out of turn: their time limit returns to full (seed 000)."""
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update(of=("self",))
            .select_related("game")
            .filter(game_id=game_id, user_id=user_id, cancelled=False)
            .first()
        )
        if seat is None or seat.time_limit_ms == full_time_limit_ms(seat.game):
            return False
        seat.time_limit_ms = full_time_limit_ms(seat.game)
        seat.save(update_fields=["time_limit_ms"])
        return True


def _players_seat(game: Game, seats: dict[int, Seat], user_id: int) -> Seat:
    seat = next((seat for seat in seats.values() if seat.user_id == user_id), None)
    if seat is None:
        raise MoveRejected("not_seated", "You have no seat at this table.")
    if seat.cancelled:
        raise MoveRejected(
            "cancelled", "You left this game; the computer plays your seat.", version=game.version
        )
    return seat


def _playing_engine(game: Game) -> EngineGame:
    if game.status == Game.Status.OPEN:
        raise MoveRejected("not_started", "The game has not started yet.", version=game.version)
    if game.status == Game.Status.FINISHED:
        raise MoveRejected("game_over", "The game is over.", version=game.version)
    return engine_game(game)
