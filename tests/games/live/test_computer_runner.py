"""The computers' runs queued for the workers' runner threads (`games.live.services.computer_runs`,
`games.live.computer_runner`) on the real Redis and PostgreSQL: the earliest due is taken first and
none before its time, each once; a runner makes a strong table's run as the computer-turn task
did (the same moves, stored in one transaction, the person's frames sent), and goes on after a
run that fails; two runners racing for the runs of many tables make each run once."""

from __future__ import annotations

import pytest
import redis
from django.conf import settings

from games.engine import RuleOptions
from games.live.computer_runner import ComputerRunner
from games.live.frame_wire import frames_of
from games.live.services.after_move import seat_group
from games.live.services.computer_runs import (
    run_queue,
    run_take,
    run_waiting,
    runs_waiting,
    wake_key,
)
from games.live.services.play import COMPUTER_RUN_LONGEST
from games.models import Action, Game
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start
from tests.celery_queue import queue_clear

from .layer_listen import listening
from .test_timers import wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def runs(empty_queue):
    queue_clear(empty_queue)
    yield
    queue_clear(empty_queue)


def computers_table(make_player, level: str = "strong") -> tuple[Game, int]:
    """A person at seat 0 and three computers, the game started, and the run its start queued
    forgotten (each test queues its own)."""
    person = make_player()
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level=level
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    runs_forget()
    return game, person.pk


def runs_forget() -> None:
    queue_clear(redis.Redis.from_url(settings.REDIS_URL))


def test_the_earliest_run_due_is_taken_first_and_none_before_its_time(runs):
    assert run_queue(1, 5, countdown=30)
    assert run_queue(2, 3, countdown=0)
    assert run_queue(3, 9, countdown=-1)  # due a second ago
    assert not run_queue(2, 3, countdown=0)  # waiting already: not twice
    assert runs_waiting() == [(3, 9), (2, 3), (1, 5)]
    first, second, third = run_take(), run_take(), run_take()
    assert (first.game_id, first.version) == (3, 9)
    assert (second.game_id, second.version) == (2, 3)
    # nothing due: how long until the next
    assert third.game_id is None and 29 < third.wait_seconds <= 30
    assert run_waiting(1, 5) and not run_waiting(2, 3)
    assert run_queue(2, 3, countdown=0)  # taken, so it may be queued again (the sweeper)


def test_only_a_run_due_before_every_other_wakes_the_runners(runs):
    wakes = redis.Redis.from_url(settings.REDIS_URL)
    assert run_queue(1, 5, countdown=30)  # the only one: a runner waiting for none must see it
    assert wakes.llen(wake_key()) == 1
    wakes.delete(wake_key())
    assert run_queue(2, 3, countdown=60)  # after the one the runners wait for already
    assert wakes.llen(wake_key()) == 0
    assert run_queue(3, 9, countdown=0)  # before it: the runners wait for it instead
    assert wakes.llen(wake_key()) == 1
    assert run_queue(4, 1, countdown=-1)
    assert run_queue(5, 1, countdown=-2)
    assert wakes.llen(wake_key()) == 2  # at most two wake-ups wait, however many runs
    assert run_take().game_id == 5


def test_nothing_waiting_is_said_so(runs):
    taken = run_take()
    assert taken.game_id is None and taken.wait_seconds is None


def test_a_runner_makes_a_strong_tables_run_as_the_task_did(make_player, runs):
    game, person = computers_table(make_player)
    while engine_game(game).to_act == 0:  # the person bids first here: let another seat start
        game.delete()
        game, person = computers_table(make_player)
    before = game.version
    runner = ComputerRunner().start()
    try:
        with listening(seat_group(game.pk, person)) as (mine,):
            assert run_queue(game.pk, before)
            frames = frames_of(mine.next())
    finally:
        runner.stop()
    game.refresh_from_db()
    made = list(Action.objects.filter(game=game, sequence__gte=before).order_by("sequence"))
    assert made and all(move.source == Action.Source.COMPUTER for move in made)
    assert len(made) == game.version - before
    assert [frame["version"] for frame in frames] == list(range(before + 1, game.version + 1))
    assert not run_waiting(game.pk, before)
    if engine_game(game).to_act != 0:  # a lone hand the person sits out: the rest is queued
        assert len(made) == COMPUTER_RUN_LONGEST and run_waiting(game.pk, game.version)
    else:
        assert len(made) <= COMPUTER_RUN_LONGEST  # on to the person's turn


def test_a_run_of_a_version_the_game_left_does_nothing_and_the_runner_goes_on(make_player, runs):
    game, _person = computers_table(make_player, level="normal")
    while engine_game(game).to_act == 0:
        game.delete()
        game, _person = computers_table(make_player, level="normal")
    runner = ComputerRunner().start()
    try:
        assert run_queue(game.pk, game.version + 3)  # a version the game is not at
        assert run_queue(987_654_321, 0)  # a game that is gone
        wait_for(lambda: not runs_waiting(), timeout=60)
        assert Game.objects.get(pk=game.pk).version == game.version
        assert run_queue(game.pk, game.version)
        wait_for(lambda: Game.objects.get(pk=game.pk).version > game.version, timeout=60)
    finally:
        runner.stop()
    assert not runner.thread.is_alive()


def test_two_runners_racing_make_each_run_once(make_player, runs, settings):
    # the run after each is queued a minute away: only the first runs are made here
    settings.GAME_COMPUTER_PAUSE_SECONDS = 60
    tables = []
    for _ in range(6):
        game, _person = computers_table(make_player, level="normal")
        # the person's seat left: every seat is the computer's, and each run is bounded
        game.seats.filter(position=0).update(cancelled=True)
        tables.append(game)
    for game in tables:
        assert run_queue(game.pk, game.version)
        assert run_queue(game.pk, game.version) is False  # waiting: not twice
    runners = [ComputerRunner().start(), ComputerRunner().start()]
    try:
        wait_for(lambda: all(not run_waiting(game.pk, game.version) for game in tables), timeout=60)
        wait_for(
            lambda: all(Game.objects.get(pk=g.pk).version > g.version for g in tables), timeout=60
        )
    finally:
        for runner in runners:
            runner.stop()
    for game in tables:
        after = Game.objects.get(pk=game.pk)
        assert after.version == game.version + COMPUTER_RUN_LONGEST  # one run, not two
        sequences = list(
            Action.objects.filter(game=game).order_by("sequence").values_list("sequence", flat=True)
        )
        assert sequences == list(range(after.version))
        assert run_waiting(game.pk, after.version)  # the rest, queued by the run
