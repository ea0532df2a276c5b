"""Points of a game (seed 000): "players get as many points as their team had. Winners get
additional 5 points. For example, if the game ended with the score 11:7, the losers would get 7
points, and the Winners would get 11+5 = 16 points." A player who cancels forfeits (seed 000:
"you forfeit any points that computer AI might win")."""

from __future__ import annotations

import random

import pytest

from games.models import Game, Seat
from rankings.points import game_points, seat_game_points
from rankings.selectors import seat_points
from tests.games.finished_games import game_result_store


def points(position, score, winner, cancelled=False):
    """The partnership game's points for `position` (team `position % 2`), `winner` a team."""
    team = position % 2
    return game_points(
        side_score=score[team],
        won=winner == team,
        has_winner=winner is not None,
        cancelled=cancelled,
    )


def test_seed_example_11_to_7_gives_the_losers_7_and_the_winners_16():
    assert [points(seat, (11, 7), 0) for seat in range(4)] == [16, 7, 16, 7]
    assert [points(seat, (7, 11), 1) for seat in range(4)] == [7, 16, 7, 16]


def test_a_team_that_won_nothing_gets_nothing_and_its_winners_get_the_bonus():
    assert [points(seat, (0, 10), 1) for seat in range(4)] == [0, 15, 0, 15]


def test_a_player_who_cancelled_gets_nothing_and_their_partner_keeps_their_points():
    assert points(0, (11, 7), 0, cancelled=True) == 0
    assert points(2, (11, 7), 0) == 16
    assert points(1, (11, 7), 0, cancelled=True) == 0


def test_a_game_without_a_winner_gives_nobody_points():
    assert [points(seat, (4, 3), None) for seat in range(4)] == [0, 0, 0, 0]


@pytest.mark.django_db
def test_the_database_expression_agrees_with_the_rule_on_many_games(make_player):
    players = [make_player() for _ in range(6)]
    rng = random.Random(20240601)
    for _ in range(150):
        seated = rng.sample([*players, None, None], 4)
        status = rng.choice([Game.Status.FINISHED] * 4 + [Game.Status.PLAYING])
        winner = rng.choice([0, 1, None]) if status == Game.Status.FINISHED else None
        low, high = rng.randint(0, 9), rng.randint(10, 13)
        score = (high, low) if winner == 0 else (low, high)
        cancelled = [seat for seat in range(4) if rng.random() < 0.15]
        game_result_store(
            seated, score=score, winner_team=winner, cancelled=cancelled, status=status
        )
    rows = Seat.objects.select_related("game").annotate(points=seat_points())
    compared = 0
    for seat in rows:
        game = seat.game
        expected = seat_game_points(game, seat)
        assert seat.points == expected, (game.pk, seat.position)
        compared += 1
    assert compared == 600
    # every case of the rule was met: won, lost, cancelled, no winner
    values = {seat.points for seat in rows}
    assert 0 in values and any(value >= 15 for value in values)
