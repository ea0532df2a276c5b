"""Points of one player for one game (seed 000): "players get as many points as their team had.
Winners get additional 5 points" (11:7 gives the losers 7 and the winners 16). A player who
plays for themself (two-handed, three-handed, call-ace) gets their own score, +5 if they won. A
player who cancelled forfeits what the computer won in their seat, and a game counts only once
it has a winner (a private table closed before it started is finished without one).

The rule for one seat is `games.results` (the table's game-over summary shows the same number;
games never import rankings); `rankings.selectors.seat_points` is the same rule in SQL, for
sums. A test holds the two together.
"""

from __future__ import annotations

from games.results import WINNER_BONUS, game_points, seat_game_points, seat_won

__all__ = ["WINNER_BONUS", "game_points", "seat_game_points", "seat_won"]
