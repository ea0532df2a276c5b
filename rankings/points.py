"""Points of one player for one game (seed 000): "players get as many points as their team had.
Winners get additional 5 points" (11:7 gives the losers 7 and the winners 16). A player who
cancelled forfeits what the computer won in their seat, and a game counts only once it has a
winner (a private table closed before it started is finished without one).

`game_points` is the rule for one seat; `rankings.selectors.seat_points` is the same rule in
SQL, for sums. A test holds the two together.
"""

from __future__ import annotations

WINNER_BONUS = 5


def team_of(position: int) -> int:
    """Team 0 sits in seats 0 and 2, team 1 in seats 1 and 3."""
    return position % 2


def game_points(
    *,
    position: int,
    score_team0: int,
    score_team1: int,
    winner_team: int | None,
    cancelled: bool,
) -> int:
    if winner_team is None or cancelled:
        return 0
    team = team_of(position)
    team_score = score_team0 if team == 0 else score_team1
    return team_score + (WINNER_BONUS if team == winner_team else 0)
