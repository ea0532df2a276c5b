"""The Celery worker killed (SIGKILL) while computers' turns and turn timers are pending: the
tasks and the computers' runs it held are gone, and once a new worker runs, beat's sweeper (or,
for a timeout, its timers' tick) queues the moves again. No game stalls, and no move is recorded
twice."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Action, Game, Seat

from .conftest import WAIT, assert_log_continuous, status_of, version_of, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def tasks_held(log: str) -> set[str]:
    """The moves a worker has taken (a timeout's task received, waiting for its time or running;
    a computers' run its runner took) and not finished, by its log: the beat's own tasks are
    made again by the beat, and are nothing for the sweeper to find."""
    received = set(re.findall(r"Task games\.turn_timeout\[([0-9a-f-]+)\] received", log))
    finished = set(re.findall(r"Task games\.\w+\[([0-9a-f-]+)\] (?:succeeded|raised)", log))
    taken = set(re.findall(r"Computer run (\d+:\d+) taken", log))
    made = set(re.findall(r"Computer run (\d+:\d+) (?:done|failed)", log))
    return (received - finished) | (taken - made)


def freeze_holding_a_task(cluster, name: str) -> None:
    """Freezes the worker at a moment it holds a task, so that killing it loses that task (a
    worker that held nothing would leave nothing for the sweeper to find)."""
    for _ in range(50):
        give_up = time.monotonic() + WAIT
        while not tasks_held(cluster.log(name)):
            assert time.monotonic() < give_up, f"{name} never held a task"
            time.sleep(0.01)
        cluster.freeze(name)
        time.sleep(0.2)  # what it logged just before the stop is in the file now
        if tasks_held(cluster.log(name)):
            return
        cluster.thaw(name)  # it finished that one in between: catch the next
    raise AssertionError(f"{name} was never frozen holding a task")


def test_a_new_worker_and_the_sweeper_finish_what_a_killed_worker_held(cluster, browsers, table):
    # a computer's turn waits a little for its time in the worker's hands: a wider moment to
    # freeze the worker holding one (the turns the worker queues; the daphne keeps the tests'
    # usual pace for the turns after a person's move, so the rest of the game is not slowed)
    url = cluster.daphne("daphne")
    cluster.env["GAME_COMPUTER_PAUSE_SECONDS"] = "0.3"
    cluster.worker("worker_1")
    cluster.beat()
    # The games go to 10 points and 5: at least three hands and two (a hand gives at most 4),
    # so neither ends before the freeze. They are looked at with the worker frozen (SIGSTOP: it
    # moves nothing more), so what is seen is what it dies with.
    # two people who never play: every one of their turns waits for its timer
    timers, _ = table(humans=2)
    Seat.objects.filter(game=timers, user__isnull=False).update(time_limit_ms=1000)
    Game.objects.filter(pk=timers.pk, turn_deadline__isnull=False).update(
        turn_deadline=timezone.now() + timedelta(seconds=1)
    )
    # one person and three computers: a computer's turn is pending most of the time. The game
    # waits for the person's first move (a long turn) until the timers' game is under way, so
    # that it is a few moves in, not far along, when the worker is frozen
    computers, ((_, cookie),) = table(humans=1, target_score=5)
    wait_for(lambda: version_of(timers) >= 3, what="the timers' game under way")
    player = browsers.open(game_id=computers.pk, cookie=cookie, urls=[url], think=(0.01, 0.04))
    wait_for(
        lambda: player.moves_sent >= 1 and version_of(computers) >= 6,
        what="the computers' game under way",
    )
    freeze_holding_a_task(cluster, "worker_1")
    stopped = {game.pk: version_of(game) for game in (computers, timers)}
    assert status_of(computers) == status_of(timers) == Game.Status.PLAYING, "ended too soon"
    cluster.kill("worker_1")

    # the wide moment was for the freeze: the new worker plays the rest of the game at the
    # tests' usual pace
    cluster.env["GAME_COMPUTER_PAUSE_SECONDS"] = "0.05"
    cluster.worker("worker_2")
    wait_for(
        lambda: status_of(computers) == Game.Status.FINISHED, timeout=WAIT * 3, what="game over"
    )
    wait_for(lambda: version_of(timers) >= stopped[timers.pk] + 3, what="the timers' game moves on")
    wait_for(lambda: player.version == version_of(computers), what="the player saw the end")
    for game in (computers, timers):
        assert_log_continuous(game)
        assert version_of(game) > stopped[game.pk]
    # the people at the timers' table never played: every one of their moves was a timeout
    people = set(Seat.objects.filter(game=timers, user__isnull=False).values_list("position"))
    moves = Action.objects.filter(game=timers)
    for action in moves:
        expected = Action.Source.TIMEOUT if (action.seat,) in people else Action.Source.COMPUTER
        assert action.source == expected
    # the new worker moved the stalled games because beat queued their moves again: the
    # sweeper, or for a lost timeout the timers' tick once its claim ran out (the killed worker
    # had received the task, so it no longer counted as waiting in the queue)
    queued_again = re.findall(
        r"games\.(?:sweep_stalled_games|turn_timers)\[[^\]]+\] succeeded in [^:]+: (\d+)",
        cluster.log("worker_2"),
    )
    assert any(int(count) > 0 for count in queued_again), "nothing was queued again"
