"""Reading games: the engine state rebuilt from a game's log, and each seat's view of it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games.engine import Game as EngineGame
from games.engine import RuleOptions

from .models import Action, Game


def engine_game(game: Game) -> EngineGame:
    """The engine's game, rebuilt from the stored rules, seed and action log."""
    actions = list(
        Action.objects.filter(game=game).order_by("sequence").values_list("action", flat=True)
    )
    return EngineGame(RuleOptions.from_dict(game.rules), game.seed, tuple(actions))


def table_state(*, game_id: int, user_id: int) -> dict[str, Any] | None:
    """Everything one player's browser shows of a table, from their seat only; None when the
    player has no seat there. The engine's seat view holds no other seat's unplayed card."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    seats = list(game.seats.select_related("user").order_by("position"))
    mine = next((seat for seat in seats if seat.user_id == user_id), None)
    if mine is None:
        return None
    engine = engine_game(game)
    return {
        "type": "state",
        "game": game.pk,
        "version": game.version,
        "status": game.status,
        "kind": game.kind,
        "rules": game.rules,
        "my_seat": mine.position,
        "cancelled": mine.cancelled,
        "seats": [
            {
                "position": seat.position,
                "name": seat.user.get_short_name() if seat.user else "Computer",
                "computer": seat.is_computer,
                "time_limit_ms": seat.time_limit_ms,
                "timeouts": seat.timeouts,
            }
            for seat in seats
        ],
        "turn_deadline": game.turn_deadline.isoformat() if game.turn_deadline else None,
        "server_time": timezone.now().isoformat(),
        "view": engine.view(mine.position).to_dict(),
    }
