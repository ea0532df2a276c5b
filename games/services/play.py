"""Moves: validate with the engine, append to the log, bump the version, all under a row lock.

One writer per game: every move locks the game row (`select_for_update`) and checks the version
the client saw, so of two simultaneous moves exactly one is applied and the other is told why.
What follows a move (telling the table, timers, computer turns) is queued on commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engine import Game as EngineGame
from games.engine import IllegalAction
from games.players.levels import choose_action_at_level

from ..engine_states import keep_on_commit
from ..models import Action, ComputerLevel, Game, Seat
from ..selectors import engine_game, seat_frames
from . import after_move
from .errors import Refused
from .game_over import game_finished


class MoveRejected(Refused):
    """A move that was not applied."""


@dataclass(frozen=True)
class MoveApplied:
    game_id: int
    version: int
    seat: int
    action: str
    game_over: bool
    computer_next: bool = False  # the seat to act next is the computer's


# a run of computer moves in one task stops here and queues the rest: a table of computers only
# (everyone left) would otherwise play a whole game in one task
COMPUTER_RUN_LONGEST = 8


def full_time_limit_ms() -> int:
    return int(settings.GAME_TURN_SECONDS * 1000)


def game_act(*, game_id: int, user_id: int, action: str, version: int) -> MoveApplied:
    """A player's own move. Playing yourself brings your time limit back to full (seed 000)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seats = _seats_by_position(game)
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
        if seat.time_limit_ms != full_time_limit_ms():
            seat.time_limit_ms = full_time_limit_ms()
            seat.save(update_fields=["time_limit_ms"])
        return _record(game, seats, after, seat.position, action, Action.Source.PLAYER)


def computer_run(*, game_id: int, version: int) -> MoveApplied | None:
    """The computers' moves from `version` until a person's turn or the game's end, one task
    for the run instead of one a move (the worker's cost of a task is a third of a move's).

    Each move is its own transaction, stored and told to the table on its own commit; the page
    shows a computer's move GAME_COMPUTER_PAUSE_SECONDS after the one before, so the person to
    move next gets that time added to their deadline. A process dying midway loses nothing:
    the sweeper queues the computer's turn the run did not make."""
    pause_ms = int(settings.GAME_COMPUTER_PAUSE_SECONDS * 1000)
    last = None
    for made in range(COMPUTER_RUN_LONGEST):
        applied = computer_act(
            game_id=game_id,
            version=version,
            source=Action.Source.COMPUTER,
            shown_after_ms=made * pause_ms,
            run_goes_on=made + 1 < COMPUTER_RUN_LONGEST,
        )
        if applied is None:
            break
        last, version = applied, applied.version
        if not applied.computer_next:
            break
    return last


def computer_act(
    *,
    game_id: int,
    version: int,
    source: str,
    shown_after_ms: int = 0,
    run_goes_on: bool = False,
) -> MoveApplied | None:
    """The computer moves for the seat to act, if the game is still at `version`.

    Called by the computer-turn and timeout tasks; a late, duplicate or stale call finds another
    version (or a finished game) and does nothing, so the tasks are safe to run twice.
    `shown_after_ms`: how long after this move's commit the page will show it (a run's pacing),
    added to the next person's time; `run_goes_on`: the caller makes the next computer's move
    itself, so none is queued.
    """
    if source == Action.Source.TIMEOUT and not _still_at(game_id, version):
        return None  # most timers find that the player moved in time: no lock for those
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.PLAYING or game.version != version:
            return None
        engine = engine_game(game)
        seat_position = engine.to_act
        if seat_position is None:
            return None
        seats = _seats_by_position(game)
        seat = seats[seat_position]
        if source == Action.Source.TIMEOUT:
            if seat.is_computer or game.turn_deadline is None:
                return None
            if game.turn_deadline > timezone.now():
                return None  # the player still has time (the deadline moved)
            seat.timeouts += 1
            seat.time_limit_ms = max(
                seat.time_limit_ms // 2, int(settings.GAME_TURN_FLOOR_SECONDS * 1000)
            )
            seat.save(update_fields=["timeouts", "time_limit_ms"])
        elif not seat.is_computer:
            return None  # a person sits here: only their timer may move for them
        action = choose_action_at_level(
            engine.view(seat_position),
            engine.rules,
            computer_level(game, seat),
            seed=f"{game.seed}/{game.version}",  # the same move however often a task retries
        )
        after = engine.apply(action, seat=seat_position)
        return _record(
            game,
            seats,
            after,
            seat_position,
            action,
            source,
            shown_after_ms=shown_after_ms,
            run_goes_on=run_goes_on,
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
            Seat.objects.select_for_update()
            .filter(game_id=game_id, user_id=user_id, cancelled=False)
            .first()
        )
        if seat is None or seat.time_limit_ms == full_time_limit_ms():
            return False
        seat.time_limit_ms = full_time_limit_ms()
        seat.save(update_fields=["time_limit_ms"])
        return True


def _seats_by_position(game: Game) -> dict[int, Seat]:
    """The table's seats and their players in one query: a move needs the mover's and the next
    one's, and the frames it sends name every seat's player."""
    return {seat.position: seat for seat in game.seats.select_related("user")}


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


def _scores_copy(game: Game, seats: dict[int, Seat], after: EngineGame) -> None:
    """The engine's score onto the rows: the teams' on the game, or each player's on their
    seat (written only when a hand's end changed it)."""
    if game.partnerships:
        game.score_team0, game.score_team1 = after.score
        return
    changed = []
    for position, score in enumerate(after.score):
        seat = seats[position]
        if seat.score != score:
            seat.score = score
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["score"])


def _record(
    game: Game,
    seats: dict[int, Seat],
    after: EngineGame,
    seat: int,
    action: str,
    source: str,
    *,
    shown_after_ms: int = 0,
    run_goes_on: bool = False,
) -> MoveApplied:
    """Appends the action, bumps the version, sets the next deadline; follow-ups on commit."""
    Action.objects.create(game=game, sequence=game.version, seat=seat, action=action, source=source)
    game.version += 1
    mover = seats[seat]
    if mover.covered != (source == Action.Source.TIMEOUT):
        mover.covered = source == Action.Source.TIMEOUT
        mover.save(update_fields=["covered"])
    # the next move and frame in this process start from here, once the move is committed
    keep_on_commit(game.pk, game.rules, game.seed, after)
    _scores_copy(game, seats, after)
    now = timezone.now()
    game.moved_at = now
    if after.is_over:
        game.status = Game.Status.FINISHED
        game.finished_at = now
        if game.partnerships:
            game.winner_team = after.winner
        else:
            game.winner_seat = after.winner
        game.turn_deadline = None
        game.seats.filter(in_play=True).update(in_play=False)
        game_finished(game)
    else:
        next_seat = seats[after.to_act]
        # a person's time starts when their page shows the move before theirs
        time_left = timedelta(milliseconds=shown_after_ms + next_seat.time_limit_ms)
        game.turn_deadline = None if next_seat.is_computer else now + time_left
    game.save(
        update_fields=[
            "version",
            "score_team0",
            "score_team1",
            "status",
            "finished_at",
            "winner_team",
            "winner_seat",
            "turn_deadline",
            "moved_at",
        ]
    )
    computer_next = not after.is_over and game.turn_deadline is None
    frames = seat_frames(game, [seats[position] for position in sorted(seats)], after)
    after_move.schedule(game, computer_turn=not (computer_next and run_goes_on), frames=frames)
    return MoveApplied(
        game_id=game.pk,
        version=game.version,
        seat=seat,
        action=action,
        game_over=after.is_over,
        computer_next=computer_next,
    )
