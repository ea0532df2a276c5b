"""What a finished game gives each seat: seed 000's game points.

Seed 000: "At the end of each game, players get as many points as their team had. Winners get
additional 5 points." A player who plays for themself (two-handed, three-handed, call-ace) has
their own score as their side's. A player who cancelled forfeits what the computer won in their
seat, and a game counts only once it has a winner (a private table closed before it started is
finished without one).

The rule lives here, in games, so that the table's game-over summary and the rankings count
alike (games never import rankings); `rankings.selectors.seat_points` is the same rule in SQL,
and a test holds the two together.
"""

from __future__ import annotations

from .models import Game, Seat

WINNER_BONUS = 5


def game_points(*, side_score: int, won: bool, has_winner: bool, cancelled: bool) -> int:
    if not has_winner or cancelled:
        return 0
    return side_score + (WINNER_BONUS if won else 0)


def seat_won(game: Game, seat: Seat) -> bool:
    """The seat is among the winners and its player played the game to the end."""
    return not seat.cancelled and seat.position in game.winning_seats


def seat_game_points(game: Game, seat: Seat) -> int:
    return game_points(
        side_score=game.side_score(seat),
        won=seat.position in game.winning_seats,
        has_winner=game.has_winner,
        cancelled=seat.cancelled,
    )
