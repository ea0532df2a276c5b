"""Turn timers and computer turns on a real Celery worker and the Redis broker (seed 000:
"the computer plays for that seat, and that seat's limit is halved"). A timeout is queued by
beat's tick (`games.turn_timers`) once the deadline has passed, never by the move."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone

from euchre_site.celery import app as celery_app
from games.live.services.move_queue import (
    COMPUTER_TURN,
    TURN_TIMEOUT,
    computer_turn_queue,
    move_task_received,
    move_task_waiting,
)
from games.live.services.play import game_act
from games.live.services.sweeper import stalled_games_requeue
from games.live.services.turn_timers import due_timeouts_queue
from games.models import Action, Game, Seat
from games.selectors import table_state
from games.tables.services.tables import game_cancel
from games.tasks import sweep_stalled_games, turn_timeout
from tests.celery_queue import queue_clear, queued, queued_headers
from tests.games.conftest import player_to_act

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def fast_clock(settings):
    settings.GAME_TURN_SECONDS = 60
    settings.GAME_TURN_FLOOR_SECONDS = 4
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.01
    settings.GAME_SWEEP_GRACE_SECONDS = 0.5
    return settings


@pytest.fixture
def worker(redis_client, fast_clock):
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        yield


def wait_for(condition, timeout: float = 20.0):
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not true after {timeout} s: {condition.__doc__ or condition}")


def overdue(game: Game) -> Game:
    """Moves the deadline of the seat to act into the past, as if its time ran out."""
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    return Game.objects.get(pk=game.pk)


def test_a_timeout_makes_the_computer_play_and_halves_the_limit(fast_clock, started_table):
    fast_clock.GAME_TURN_SECONDS = 1
    fast_clock.GAME_TURN_FLOOR_SECONDS = 0.25
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        game, players = started_table()
        first = Action.objects.filter(game=game, sequence=0)

        def timed_out() -> bool:
            """beat's tick, as it runs every second"""
            due_timeouts_queue()
            time.sleep(0.2)
            return first.exists()

        wait_for(timed_out)
    action = first.get()
    assert action.source == Action.Source.TIMEOUT
    seat = Seat.objects.get(game=game, position=action.seat)
    assert seat.timeouts >= 1
    assert seat.time_limit_ms == 500  # 1 s halved (and each further timeout halves again)
    # every seat now shows that the computer is covering for the player who was away
    state = table_state(game_id=game.pk, user_id=players[(action.seat + 1) % 4].pk)
    assert state["seats"][action.seat]["covered"] is True


def test_the_tick_queues_a_timeout_once_its_deadline_has_passed_and_only_once(
    started_table, empty_queue
):
    game, players = started_table()
    later, _ = started_table()
    assert due_timeouts_queue() == 0  # both deadlines are a minute away
    assert queued(empty_queue) == []
    overdue(game)
    assert due_timeouts_queue() == 1
    assert due_timeouts_queue() == 0  # the next tick: already queued
    assert queued(empty_queue) == [(TURN_TIMEOUT, [game.pk, 0])]
    # the player moved: the next deadline is the next version's, queued when it passes
    game_act(game_id=game.pk, user_id=player_to_act(game, players).pk, action="pass", version=0)
    overdue(game)
    assert due_timeouts_queue() == 1
    assert queued(empty_queue)[-1] == (TURN_TIMEOUT, [game.pk, 1])
    assert Game.objects.get(pk=later.pk).turn_deadline > timezone.now()


def test_a_timeout_waiting_in_the_queue_is_not_queued_again_by_ticks_or_sweeps(
    started_table, empty_queue
):
    """A queue that fell behind: every tick and sweep used to queue each stalled game again."""
    game, _ = started_table()
    overdue(game)
    assert due_timeouts_queue() == 1
    later = timezone.now() + timedelta(minutes=1)  # past the tick's claim and the grace
    for _ in range(3):
        assert stalled_games_requeue(now=later) == 0
    assert queued(empty_queue) == [(TURN_TIMEOUT, [game.pk, 0])]
    # a worker received it (and, say, died with it): the sweeper's again
    move_task_received(TURN_TIMEOUT, game.pk, 0)
    assert stalled_games_requeue(now=later) == 1
    assert queued(empty_queue) == [(TURN_TIMEOUT, [game.pk, 0])] * 2


def test_a_runner_takes_a_computers_run_once_it_is_due_and_not_before(
    started_table, empty_queue, fast_clock
):
    game, _ = started_table()
    assert computer_turn_queue(game.pk, 7, countdown=30)
    assert not computer_turn_queue(game.pk, 7, countdown=30)  # it waits: not twice
    assert computer_turn_queue(game.pk, 8, countdown=0.3)
    assert move_task_waiting(COMPUTER_TURN, game.pk, 7)
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        wait_for(lambda: not move_task_waiting(COMPUTER_TURN, game.pk, 8))
        assert move_task_waiting(COMPUTER_TURN, game.pk, 7)  # 30 s early: still waiting
        assert queued(empty_queue) == [(COMPUTER_TURN, [game.pk, 7])]
    # a run of a version the game is not at did nothing
    assert not Action.objects.filter(game=game).exists()


def test_timeouts_are_queued_without_a_result_to_wait_for(started_table, empty_queue):
    """Nobody reads a timeout task's result: sent with ignore_result (the flag its header
    carries), the sending process does not subscribe to the task's result channel (two Redis
    commands a move) and the worker does not store it. A computer's turn is no Celery task
    (the workers' runners take it)."""
    game, _ = started_table()
    assert computer_turn_queue(game.pk, 3)
    overdue(game)
    assert due_timeouts_queue() == 1
    headers = queued_headers(empty_queue)
    assert [(h["task"], h["ignore_result"]) for h in headers] == [(TURN_TIMEOUT, True)]
    assert queued(empty_queue) == [(TURN_TIMEOUT, [game.pk, 0]), (COMPUTER_TURN, [game.pk, 3])]


def test_a_move_queues_no_timer_and_beat_ticks_every_second(started_table, empty_queue, settings):
    game, players = started_table()
    queue_clear(empty_queue)
    game_act(game_id=game.pk, user_id=player_to_act(game, players).pk, action="pass", version=0)
    assert queued(empty_queue) == []
    entry = settings.CELERY_BEAT_SCHEDULE["games.turn_timers"]
    assert entry["task"] == "games.turn_timers"
    assert entry["schedule"] == settings.GAME_TIMER_EVERY_SECONDS == 1


def test_playing_yourself_brings_the_limit_back_to_full(started_table, fast_clock):
    game, players = started_table()
    actor = player_to_act(game, players)
    Seat.objects.filter(game=game, user=actor).update(time_limit_ms=7500)
    game_act(game_id=game.pk, user_id=actor.pk, action="pass", version=0)
    assert Seat.objects.get(game=game, user=actor).time_limit_ms == 60_000


def test_a_stale_timer_does_nothing(started_table, worker):
    game, players = started_table()
    game_act(game_id=game.pk, user_id=player_to_act(game, players).pk, action="pass", version=0)
    overdue(game)
    assert turn_timeout.delay(game.pk, 0).get(timeout=20) is None
    assert Action.objects.filter(game=game).count() == 1
    assert not Seat.objects.filter(game=game, timeouts__gt=0).exists()


def test_a_timer_before_its_deadline_does_nothing(started_table, worker):
    game, _ = started_table()
    assert turn_timeout.delay(game.pk, 0).get(timeout=20) is None
    assert not Action.objects.filter(game=game).exists()


def test_a_timer_run_twice_moves_once(started_table, worker):
    game, _ = started_table()
    overdue(game)
    first, second = turn_timeout.delay(game.pk, 0), turn_timeout.delay(game.pk, 0)
    results = sorted([first.get(timeout=20), second.get(timeout=20)], key=str)
    assert results == [1, None]
    assert Action.objects.filter(game=game, source=Action.Source.TIMEOUT).count() == 1
    assert Seat.objects.filter(game=game, timeouts=1).count() == 1


def test_the_sweeper_rescues_a_game_whose_timer_was_lost(started_table, worker):
    game, _ = started_table()
    # the timer queued at the start waits for a deadline 60 s away; pretend the deadline
    # passed and that timer died with its worker: only the sweeper can move the game now
    overdue(game)
    time.sleep(0.6)  # past the sweeper's grace
    assert sweep_stalled_games.delay().get(timeout=20) >= 1
    wait_for(Action.objects.filter(game=game, source=Action.Source.TIMEOUT).exists)


def test_the_sweeper_rescues_a_computer_turn_that_no_task_took(started_table, worker):
    game, players = started_table()
    actor = player_to_act(game, players)
    # the player left in their turn and the computer's task was lost: no task is queued
    game_cancel_in_place(game, actor)
    Game.objects.filter(pk=game.pk).update(moved_at=timezone.now() - timedelta(seconds=5))
    assert sweep_stalled_games.delay().get(timeout=20) >= 1
    wait_for(Action.objects.filter(game=game, source=Action.Source.COMPUTER).exists)


def game_cancel_in_place(game: Game, player) -> None:
    """Marks the player's seat as cancelled without queueing the computer's turn."""
    Seat.objects.filter(game=game, user=player).update(cancelled=True, in_play=False)
    Game.objects.filter(pk=game.pk).update(turn_deadline=None)


def test_when_all_four_players_leave_the_game_still_finishes(started_table, worker):
    game, players = started_table()
    for player in players:
        game_cancel(game_id=game.pk, user_id=player.pk)
    finished = wait_for(
        lambda: Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).first(), timeout=90
    )
    assert finished.winner_team in (0, 1)
    assert max(finished.score_team0, finished.score_team1) >= 10
    assert not Seat.objects.filter(game=game, in_play=True).exists()
