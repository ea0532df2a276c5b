"""Moves: validated by the engine, stored under a row lock, one writer per game."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.live.services.play import MoveRejected, game_act
from games.models import Action
from games.selectors import engine_game
from tests.games.conftest import player_to_act

pytestmark = pytest.mark.django_db


def test_a_legal_move_is_logged_and_bumps_the_version(started_table):
    game, players = started_table()
    actor = player_to_act(game, players)
    applied = game_act(game_id=game.pk, user_id=actor.pk, action="pass", version=0)
    assert applied.version == 1
    logged = Action.objects.get(game=game)
    assert (logged.sequence, logged.action, logged.source) == (0, "pass", "player")
    game.refresh_from_db()
    assert game.version == 1
    assert engine_game(game).actions == ("pass",)


def test_a_move_out_of_turn_is_refused(started_table):
    game, players = started_table()
    to_act = engine_game(game).to_act
    someone_else = players[(to_act + 1) % 4]
    with pytest.raises(MoveRejected) as refused:
        game_act(game_id=game.pk, user_id=someone_else.pk, action="pass", version=0)
    assert refused.value.code == "not_your_turn"
    assert not Action.objects.filter(game=game).exists()


def test_an_illegal_action_is_refused_with_the_engines_reason(started_table):
    game, players = started_table()
    actor = player_to_act(game, players)
    with pytest.raises(MoveRejected) as refused:
        game_act(game_id=game.pk, user_id=actor.pk, action="play:JS", version=0)
    assert refused.value.code == "illegal_action"
    assert "not allowed" in refused.value.message
    game.refresh_from_db()
    assert game.version == 0


def test_a_move_from_an_old_version_is_refused(started_table):
    game, players = started_table()
    game_act(game_id=game.pk, user_id=player_to_act(game, players).pk, action="pass", version=0)
    game.refresh_from_db()
    with pytest.raises(MoveRejected) as refused:
        game_act(game_id=game.pk, user_id=player_to_act(game, players).pk, action="pass", version=0)
    assert refused.value.code == "stale_version"
    assert refused.value.version == 1


@pytest.mark.django_db(transaction=True)
def test_of_two_simultaneous_moves_exactly_one_is_applied(started_table):
    """Two sockets of the player to act send the same move at once: one applies, one is told."""
    game, players = started_table()
    actor = player_to_act(game, players)
    barrier, outcomes = threading.Barrier(2), []

    def move() -> None:
        barrier.wait()
        try:
            game_act(game_id=game.pk, user_id=actor.pk, action="pass", version=0)
            outcomes.append("applied")
        except MoveRejected as rejected:
            outcomes.append(rejected.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=move) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["applied", "stale_version"]
    assert Action.objects.filter(game=game).count() == 1
