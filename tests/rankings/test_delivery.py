"""A finished game reaches the rankings through the real broker and worker: games queues
`rankings.game_finished` by name when its transaction commits (games does not import rankings)."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from euchre_site.celery import app as celery_app
from games.live.services.game_over import game_finished
from games.models import Game
from rankings.models import GamePoints
from tests.games.finished_games import game_result_store

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def test_a_committed_finished_game_is_recorded_by_the_worker(redis_client, make_player):
    ann, bob = make_player(), make_player()
    game = game_result_store([ann, bob, None, None], score=(11, 7), winner_team=0)
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        with transaction.atomic():
            game_finished(Game.objects.select_for_update().get(pk=game.pk))
        give_up = time.monotonic() + 20
        while GamePoints.objects.filter(game=game).count() < 2 and time.monotonic() < give_up:
            time.sleep(0.05)
    points = dict(GamePoints.objects.filter(game=game).values_list("player_id", "points"))
    assert points == {ann.pk: 16, bob.pk: 7}


def test_a_rolled_back_game_queues_nothing(redis_client, make_player):
    ann = make_player()
    game = game_result_store([ann, None, None, None], score=(11, 7), winner_team=0)
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        with pytest.raises(RuntimeError), transaction.atomic():
            game_finished(Game.objects.select_for_update().get(pk=game.pk))
            raise RuntimeError("the move failed after finishing the game")
        time.sleep(1)
    assert not GamePoints.objects.filter(game=game).exists()
