"""Game points in every variant (seed 000): "At the end of each game, players get as many
points as their team had. Winners get additional 5 points." A player who plays for themself
(two-handed, three-handed, call-ace) has their own score as their side's: issue 20's "your own
score when you play alone at the table". Whole games are played by the engine's computers and
stored as the move service stores them."""

from __future__ import annotations

import random

import pytest

from games.engine import RuleOptions, preset_rules
from games.models import Seat
from rankings.models import GamePoints
from rankings.points import WINNER_BONUS, seat_game_points
from rankings.selectors import player_recent_games, player_totals, seat_points
from rankings.services.game_points import game_points_record
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db

PRESETS = ["standard", "two_handed", "three_handed", "three_handed_seven", "call_ace"]


@pytest.mark.parametrize("preset", PRESETS)
def test_each_player_gets_their_sides_score_and_the_winners_five_more(make_player, preset):
    rules = preset_rules(preset, target_score=5)
    players = [make_player() for _ in range(rules.seats)]
    game, state = finished_game_store(players, rules=rules, seed=f"points-{preset}")
    game_points_record(game_id=game.pk)
    rows = {row.player_id: row for row in GamePoints.objects.filter(game=game)}
    assert len(rows) == rules.seats
    for position, player in enumerate(players):
        # the side: the team (seats 0 and 2, 1 and 3) with partners, the seat itself without
        side = position % 2 if rules.partnerships else position
        won = (side == state.winner) if rules.partnerships else position == state.winner
        row = rows[player.pk]
        assert row.points == state.scores[side] + (WINNER_BONUS if won else 0)
        assert row.won is won
    winners = [row for row in rows.values() if row.won]
    assert len(winners) == (2 if rules.partnerships else 1)


def test_in_three_handed_only_the_winner_gets_the_bonus_and_a_leaver_gets_nothing(make_player):
    rules = RuleOptions(variant="three_handed", target_score=6)
    players = [make_player() for _ in range(3)]
    game, state = finished_game_store(players, rules=rules, seed="three-leaver", cancelled=[1])
    game_points_record(game_id=game.pk)
    points = dict(GamePoints.objects.filter(game=game).values_list("player_id", "points"))
    assert points[players[1].pk] == 0  # seed 000: "you forfeit any points"
    for position in (0, 2):
        bonus = WINNER_BONUS if position == state.winner else 0
        assert points[players[position].pk] == state.scores[position] + bonus


def test_the_database_expression_agrees_with_the_rule_in_every_variant(make_player):
    players = [make_player() for _ in range(5)]
    rng = random.Random(2026)
    stored = 0
    for number in range(16):
        preset = PRESETS[number % len(PRESETS)]
        rules = preset_rules(preset, target_score=rng.randint(2, 4))
        seated = rng.sample([*players, None, None, None], rules.seats)
        cancelled = [seat for seat in range(rules.seats) if rng.random() < 0.2]
        finished_game_store(seated, rules=rules, seed=f"sql-{number}", cancelled=cancelled)
        stored += rules.seats
    rows = list(Seat.objects.select_related("game").annotate(points=seat_points()))
    assert len(rows) == stored
    for seat in rows:
        assert seat.points == seat_game_points(seat.game, seat), (seat.game_id, seat.position)
    assert any(seat.points > WINNER_BONUS for seat in rows if not seat.game.partnerships)


def test_profile_totals_and_recent_games_read_a_game_without_partners(make_player):
    anna, ben, cleo = (make_player(name) for name in ("Anna", "Ben", "Cleo"))
    rules = RuleOptions(variant="three_handed", target_score=4)
    _game, state = finished_game_store([anna, ben, cleo], rules=rules, seed="profile-three")
    winner = [anna, ben, cleo][state.winner]
    totals = player_totals(user_id=winner.pk)
    assert (totals.games_played, totals.games_won) == (1, 1)
    assert totals.points_all_time == state.scores[state.winner] + WINNER_BONUS
    loser_seat = (state.winner + 1) % 3
    loser = [anna, ben, cleo][loser_seat]
    assert player_totals(user_id=loser.pk).games_won == 0
    recent = player_recent_games(user_id=loser.pk)[0]
    others = [seat for seat in range(3) if seat != loser_seat]
    assert recent.partner is None
    assert recent.score_line == "–".join(  # noqa: RUF001
        str(state.scores[seat]) for seat in (loser_seat, *others)
    )
    names = [["Anna", "Ben", "Cleo"][seat] for seat in others]
    assert recent.company == f"against {names[0]} and {names[1]}"
