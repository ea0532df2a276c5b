"""What a finished game earned one of its players, for the table's game-over summary (issue
20: "your game points (seed 000: your side's score, +5 for the winners), achievements and rank
progress this game earned, coins")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine import RuleOptions
from games.selectors import table_state
from rankings.tasks import game_finished
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db


def test_the_game_over_summary_reads_points_achievements_ranks_and_coins(client, make_player):
    anna, ben = make_player("Anna"), make_player("Ben")
    rules = RuleOptions(variant="three_handed", target_score=10)
    game, state = finished_game_store([anna, ben, None], rules=rules, seed="earned")
    url = table_state(game_id=game.pk, user_id=anna.pk)["result"]["earned_url"]
    assert url == reverse("rankings:game_earned", args=[game.pk])
    client.force_login(anna)
    waiting = client.get(url).json()
    assert waiting["recorded"] is False and waiting["points"] is None
    game_finished(game.pk)  # the rankings' task, as the worker runs it
    earned = client.get(url).json()
    expected = state.scores[0] + (5 if state.winner == 0 else 0)
    assert earned["recorded"] is True and earned["points"] == expected
    assert earned["won"] is (state.winner == 0)
    assert {"name": "Early Bird", "silver": 50} in earned["achievements"]
    # ten points or more in the month reach Rookie (seed 000), and only then
    assert ("Rookie" in earned["ranks_reached"]) is (expected >= 10)
    assert earned["rank_progress"] == expected
    # the coins now hold what the achievements and the rank paid (far below the silver cap)
    paid = sum(award["silver"] for award in earned["achievements"])
    rank_rewards = 10 if "Rookie" in earned["ranks_reached"] else 0
    assert earned["coins"]["silver"] == waiting["coins"]["silver"] + paid + rank_rewards


def test_only_the_games_players_read_what_it_earned(client, make_player):
    anna = make_player()
    game, _ = finished_game_store([anna, None, None, None], seed="earned-private")
    client.force_login(make_player())
    assert client.get(reverse("rankings:game_earned", args=[game.pk])).status_code == 404
