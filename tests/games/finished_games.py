"""Finished games for tests of pages that read them: played to the end by computer players
through the engine, and stored as the move service stores them (a Game row, four Seats, and the
Action log, one row per move)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User
from games.engine import GameState, RuleOptions
from games.engine.view import SeatView, seat_view
from games.models import Action, Game, Seat
from games.players import choose_action

Chooser = Callable[[SeatView, RuleOptions], str]


def engine_game_played(
    rules: RuleOptions, seed: str, choose: Chooser = choose_action
) -> tuple[GameState, list[int]]:
    """A whole game between computer players (or `choose`, which sees each seat's view): its
    final state, and the seat of every move."""
    state = GameState(rules, seed)
    movers = []
    while state.winner is None:
        seat = state.to_act
        state.apply(choose(seat_view(state, seat), rules), seat)
        movers.append(seat)
    return state, movers


def finished_game_store(
    users: Sequence[User | None],
    *,
    rules: RuleOptions | None = None,
    seed: str = "finished",
    finished_at: datetime | None = None,
    cancelled: Sequence[int] = (),
    choose: Chooser = choose_action,
) -> tuple[Game, GameState]:
    """A public game played to the end with `users` in its seats (None: a computer; as many as
    the rules have seats), the seats in `cancelled` left by their players; returns the stored
    game and the engine state. Scores are stored as the move service stores them: the teams'
    on the game, or each player's on their seat."""
    rules = rules or RuleOptions()
    state, movers = engine_game_played(rules, seed, choose)
    finished_at = finished_at or timezone.now()
    partnerships = rules.partnerships
    game = Game.objects.create(
        kind=Game.Kind.PUBLIC,
        status=Game.Status.FINISHED,
        rules=rules.to_dict(),
        seed=seed,
        version=len(state.actions),
        started_at=finished_at - timedelta(minutes=20),
        finished_at=finished_at,
        moved_at=finished_at,
        score_team0=state.scores[0] if partnerships else 0,
        score_team1=state.scores[1] if partnerships else 0,
        winner_team=state.winner if partnerships else None,
        winner_seat=None if partnerships else state.winner,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            position=position,
            user=user,
            cancelled=position in cancelled,
            score=0 if partnerships else state.scores[position],
            time_limit_ms=30_000,
        )
        for position, user in enumerate(users)
    )
    Action.objects.bulk_create(
        Action(
            game=game,
            sequence=sequence,
            seat=seat,
            action=action,
            source=Action.Source.COMPUTER
            if users[seat] is None or seat in cancelled
            else Action.Source.PLAYER,
        )
        for sequence, (seat, action) in enumerate(zip(movers, state.actions, strict=True))
    )
    return game, state


def game_result_store(
    users: Sequence[User | None],
    *,
    score: tuple[int, int],
    winner_team: int | None,
    finished_at: datetime | None = None,
    cancelled: Sequence[int] = (),
    status: str = Game.Status.FINISHED,
) -> Game:
    """A game row with a given result and no moves: for sums and lists, which never replay."""
    finished_at = finished_at or timezone.now()
    game = Game.objects.create(
        kind=Game.Kind.PUBLIC,
        status=status,
        rules=RuleOptions().to_dict(),
        finished_at=finished_at if status == Game.Status.FINISHED else None,
        score_team0=score[0],
        score_team1=score[1],
        winner_team=winner_team,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            position=position,
            user=user,
            cancelled=position in cancelled,
            time_limit_ms=30_000,
        )
        for position, user in enumerate(users)
    )
    return game
