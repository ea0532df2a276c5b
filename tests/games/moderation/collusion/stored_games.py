"""Made-up finished games stored as the site stores them (a Game row, its Seats, its Action
log), for the collusion review's selector, service, admin and task."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User
from games.models import Action, Game, Seat

from .made_up_games import played_game


def game_stored(
    users: Sequence[User | None],
    *,
    seed: str,
    cheats: Sequence[int] = (),
    quick_play: bool = True,
    finished_at: datetime | None = None,
    source: str = Action.Source.PLAYER,
) -> Game:
    """A partnership game played through the engine (the seats in `cheats` peek at their
    partner's cards when they lead) and stored; a quick-play table has no creator. `source`:
    how the people's moves are logged (a timeout logs the computer's move for them)."""
    state, _, movers = played_game(seed, cheats)
    finished_at = finished_at or timezone.now() - timedelta(hours=1)
    creator = None if quick_play else next(user for user in users if user is not None)
    winner = state.winner
    assert winner is not None
    game = Game.objects.create(
        kind=Game.Kind.PUBLIC if quick_play else Game.Kind.PRIVATE,
        created_by=creator,
        status=Game.Status.FINISHED,
        rules=state.rules.to_dict(),
        seed=seed,
        version=len(state.actions),
        started_at=finished_at - timedelta(minutes=20),
        finished_at=finished_at,
        moved_at=finished_at,
        score_team0=state.scores[0],
        score_team1=state.scores[1],
        winner_team=winner,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user=user, time_limit_ms=30_000)
        for position, user in enumerate(users)
    )
    Action.objects.bulk_create(
        Action(
            game=game,
            sequence=sequence,
            seat=seat,
            action=action,
            source=Action.Source.COMPUTER if users[seat] is None else source,
        )
        for sequence, (seat, action) in enumerate(zip(movers, state.actions, strict=True))
    )
    return game


def honest_games_stored(players: Sequence[User], games: int, *, seed: int = 1) -> list[Game]:
    """Quick-play games among `players`, four at a time in random seats, an hour apart."""
    chooser = random.Random(seed)
    start = timezone.now() - timedelta(days=20)
    return [
        game_stored(
            chooser.sample(list(players), 4),
            seed=f"honest/{seed}/{number}",
            finished_at=start + timedelta(hours=number),
        )
        for number in range(games)
    ]


def cheating_games_stored(
    ann: User, bob: User, others: Sequence[User], games: int, **options
) -> list[Game]:
    """Private games in which Ann and Bob, partners, see each other's cards."""
    chooser = random.Random(f"{ann.pk}/{bob.pk}")
    start = timezone.now() - timedelta(days=10)
    stored = []
    for number in range(games):
        left, right = chooser.sample(list(others), 2)
        stored.append(
            game_stored(
                [ann, left, bob, right],
                seed=f"cheats/{number}",
                cheats=(0, 2),
                quick_play=False,
                finished_at=start + timedelta(hours=number, minutes=30),
                **options,
            )
        )
    return stored
