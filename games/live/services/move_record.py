"""Storing moves the engine has accepted: the log's rows, the game's version, scores, status and
next deadline, who the computer covers, and each seated player's frame of every new version,
sent after the commit. One move (a player's, a timeout's) or a run of computer moves, all in
the caller's transaction under the game's row lock."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.engine import Game as EngineGame
from games.engine_states import keep_on_commit
from games.live.frame_wire import frame_pushed, history_text, table_text
from games.models import Action, Game, Seat
from games.selectors import seat_version_fields, table_fields

from . import after_move
from .after_move import RunFrames
from .game_over import game_finished
from .hand_pause import HandPause, hand_pause_begin, hand_pause_ms
from .move_rows import game_update


@dataclass(frozen=True)
class MoveApplied:
    game_id: int
    version: int
    seat: int
    action: str
    game_over: bool
    computer_next: bool = False  # the seat to act next is the computer's


@dataclass(frozen=True)
class Move:
    """An action the engine accepted from `seat`, and the engine's game after it. `source`:
    who made it, when a person's move and the computers' after it are stored together (else
    the source given to `moves_record`)."""

    seat: int
    action: str
    after: EngineGame
    source: str = ""
    hand_ended: bool = False  # the move finished a hand (a new one is dealt unless it is over)


def moves_record(
    game: Game,
    seats: dict[int, Seat],
    moves: list[Move],
    source: str,
    *,
    shown_after_ms: int = 0,
    computer_turn: bool = True,
) -> MoveApplied:
    """Appends `moves` and bumps the version (one statement), sets the next deadline; the frames and
    follow-ups go on commit. `shown_after_ms`: how long after the commit the page shows the
    last move (a run's pacing), added to the next person's time. `computer_turn=False`: no
    task for a computer to act next (the caller goes on itself)."""
    first = game.version
    now = timezone.now()
    rows = [
        (first + n, move.seat, move.action, move.source or source) for n, move in enumerate(moves)
    ]
    after = moves[-1].after
    game.version = first + len(moves)
    # the next move and frame in this process start from here, once the moves are committed
    keep_on_commit(game.pk, game.rules, game.seed, after)
    _covered_mark(seats, moves, source)
    _scores_copy(game, seats, after)
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
        next_seat = seats[after.to_act]  # type: ignore[index]  # a game not over: a seat acts
        shown_after_ms = _hand_pause_add(game, seats, moves, now, shown_after_ms)
        # a person's time starts when their page shows the move before theirs
        time_left = timedelta(milliseconds=shown_after_ms + next_seat.time_limit_ms)
        game.turn_deadline = None if next_seat.is_computer else now + time_left
    game_update(
        game,
        [
            "version",
            "score_team0",
            "score_team1",
            "status",
            "finished_at",
            "winner_team",
            "winner_seat",
            "turn_deadline",
            "moved_at",
        ],
        actions=(rows, now),  # the log's rows in the same statement
    )
    computer_next = not after.is_over and game.turn_deadline is None
    after_move.schedule(
        game,
        computer_turn=computer_turn,
        frames=_frames_of(game, seats, moves, first),
        shown_after_ms=shown_after_ms,
        # a finished game's frame carries its result, which each socket asks for
        told_user_ids=tuple(
            seat.user_id
            for seat in seats.values()
            if seat.user_id is not None and (seat.cancelled or after.is_over)
        ),
    )
    last = moves[-1]
    return MoveApplied(
        game_id=game.pk,
        version=game.version,
        seat=last.seat,
        action=last.action,
        game_over=after.is_over,
        computer_next=computer_next,
    )


def _hand_pause_add(
    game: Game, seats: dict[int, Seat], moves: list[Move], now: datetime, shown_after_ms: int
) -> int:
    """`shown_after_ms` with the pause between hands added for each hand the moves end, the
    game going on: the page shows the summary before the next deal (`hand_pause`)."""
    ends = [number for number, move in enumerate(moves) if move.hand_ended]
    people = tuple(seat.user_id for seat in seats.values() if seat.user_id and not seat.cancelled)
    if not ends or not people:  # a table everyone left: nobody's summary to wait for
        return shown_after_ms
    pause_ms = hand_pause_ms()
    # the page shows the moves after the last hand's end a run's pace apart, after its summary
    after_ms = (len(moves) - 1 - ends[-1]) * int(settings.GAME_COMPUTER_PAUSE_SECONDS * 1000)
    shown_after_ms += len(ends) * pause_ms
    until = now + timedelta(milliseconds=shown_after_ms - after_ms)
    last = moves[-1].after
    pause = HandPause(
        version=game.version,
        hand=moves[ends[-1]].after.hand_number - 1,
        until_ms=int(until.timestamp() * 1000),
        after_ms=after_ms,
        waiting=people,
        to_act=last.to_act,  # type: ignore[arg-type]  # a game not over: a seat acts
    )
    hand_pause_begin(game_id=game.pk, pause=pause)
    return shown_after_ms


def _frames_of(game: Game, seats: dict[int, Seat], moves: list[Move], first: int) -> RunFrames:
    """Each new version's frames by user id, oldest first, as text (`games.live.frame_wire`), for
    the players seated at a game still playing (a finished game's frame carries its result,
    which each socket asks for), and the history of finished hands each one's count stands
    for. The versions inside a run are the game as it was then (playing, a computer to act,
    no deadline); the table's part of the frames is the same at each."""
    ordered = [seats[position] for position in sorted(seats)]
    # the people's seats (the ignores below: a user_id is not None here, as the filter says)
    players = [seat for seat in ordered if seat.user_id is not None and not seat.cancelled]
    table = table_text(table_fields(game, ordered))
    frames: list[dict[int, dict[str, Any]]] = []
    histories: dict[int, str] = {}
    for number, move in enumerate(moves):
        then = game
        if number < len(moves) - 1:
            then = copy.copy(game)
            then.version, then.status = first + number + 1, Game.Status.PLAYING
            then.turn_deadline = None
        pushed: dict[int, dict[str, Any]] = {}
        if then.status == Game.Status.PLAYING:
            for seat in players:
                view = move.after.view(seat.position).to_dict()
                pushed[seat.user_id] = frame_pushed(  # type: ignore[index]
                    game.pk, seat_version_fields(then, seat), view
                )
                hands = pushed[seat.user_id]["hands"]  # type: ignore[index]
                if hands not in histories:  # the same public records at every seat
                    histories[hands] = history_text(view["history"])
        frames.append(pushed)
    return RunFrames(frames, histories, table, first, tuple(move.action for move in moves))


def _covered_mark(seats: dict[int, Seat], moves: list[Move], source: str) -> None:
    """A mover is covered by the computer when their move was a timeout's, and no longer once
    it is their own (or a computer's for a seat they left)."""
    changed = set()
    for move in moves:
        covered = (move.source or source) == Action.Source.TIMEOUT
        if seats[move.seat].covered != covered:
            seats[move.seat].covered = covered
            changed.add(move.seat)
    if changed:
        Seat.objects.bulk_update([seats[position] for position in changed], ["covered"])


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
