"""Bursts larger than a daphne's database pool, on a real daphne with a pool of two: every request
is served or told "busy" (503), never a 500, and the daphne never holds more connections than
its pool's size."""

from __future__ import annotations

import functools
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection, transaction
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from games.live.consumers import CLOSE_BUSY
from tests.games.live.sockets import session_cookie
from tests.live_server import TEST_PROCESS_APPLICATION, url_of_test_database

from .conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POOL_MAX = 2
APP_NAME = f"{TEST_PROCESS_APPLICATION}-burst-daphne"
CSRF = "burstcsrftokenburstcsrftoken0123"  # any 32 letters and digits are a valid secret


def start_daphne(cluster, *, pool_max: int, pool_timeout: float) -> str:
    """A daphne whose connections PostgreSQL lists under APP_NAME. Returns its http:// URL."""
    cluster.env.update(
        DATABASE_URL=url_of_test_database(APP_NAME),
        DB_POOL_MIN_SIZE="1",
        DB_POOL_MAX_SIZE=str(pool_max),
        DB_POOL_TIMEOUT=str(pool_timeout),
    )
    return cluster.daphne("web").replace("ws://", "http://")


def daphne_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            [APP_NAME],
        )
        return cursor.fetchone()[0]


def request(
    base: str, path: str, cookie: str, *, post: bool = False, accept: str = "text/html"
) -> tuple[int, dict[str, str], str]:
    """(status, headers, body) of one request as a logged-in browser would send it."""
    headers = {"Cookie": f"{cookie}; csrftoken={CSRF}", "Accept": accept}
    if post:
        headers["X-CSRFToken"] = CSRF
    data = b"" if post else None
    call = urllib.request.Request(base + path, data=data, headers=headers)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(call, timeout=120) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, dict(answer.headers), answer.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a 302 is an answer here


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Runs every call in a thread of its own, released together."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        start.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


class Sampler:
    """Counts the daphne's server connections, over and over, on a thread of its own."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.counts.append(daphne_connections())
        finally:
            connection.close()

    def __enter__(self) -> Sampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)


def test_a_burst_of_four_times_the_pool_is_served_or_told_busy(cluster, make_player):
    base = start_daphne(cluster, pool_max=POOL_MAX, pool_timeout=1)
    people = [make_player() for _ in range(4 * POOL_MAX)]
    cookies = [session_cookie(person) for person in people]
    statuses: list[int] = []
    with Sampler() as sampler:
        for path, post in [
            ("/tables/new/", False),
            ("/play/", False),
            ("/play/quick/now/", True),
            ("/tables/new/", True),
            ("/play/", False),
        ]:
            answers = at_once(
                [functools.partial(request, base, path, cookie, post=post) for cookie in cookies]
            )
            for status, headers, body in answers:
                statuses.append(status)
                if status == 503:
                    assert "Busy, try again" in body and headers["Retry-After"] == "5"
    served = [status for status in statuses if status in (200, 302)]
    assert len(served) + statuses.count(503) == len(statuses), f"answers: {statuses}"
    assert served, "nothing was served"
    # at least one: the sampler sees the daphne's connections under their name
    assert sampler.counts and 1 <= max(sampler.counts) <= POOL_MAX, sampler.counts
    # after the burst the connections are back in the pool, not left open one per request
    assert daphne_connections() <= POOL_MAX
    assert "Internal Server Error" not in cluster.log("web")


def test_a_request_or_socket_that_finds_the_pool_empty_is_told_busy(cluster, make_player):
    """The only connection of the daphne's pool is held by a request waiting on a lock the
    test holds: the next requests and sockets wait the pool's timeout, then are told "busy"."""
    base = start_daphne(cluster, pool_max=1, pool_timeout=1)
    stuck_player, player = make_player(), make_player()
    stuck_cookie, cookie = session_cookie(stuck_player), session_cookie(player)
    with ThreadPoolExecutor(1) as background:
        with transaction.atomic(), connection.cursor() as cursor:
            # every request reads its session: this one waits, holding the pool's connection
            cursor.execute("LOCK TABLE django_session IN ACCESS EXCLUSIVE MODE")
            stuck = background.submit(request, base, "/play/", stuck_cookie)
            wait_for(lambda: waiting_on_a_lock(cursor), what="the first request waits")

            status, headers, body = request(base, "/play/", cookie)
            assert status == 503 and "Busy, try again" in body
            assert headers["Retry-After"] == "5"
            status, _, body = request(base, "/play/status/", cookie, accept="application/json")
            assert status == 503 and json.loads(body)["error"] == "busy"
            status, _, body = request(base, "/play/quick/now/", cookie, post=True)
            assert status == 503 and "send it again" in body

            socket_url = base.replace("http://", "ws://") + "/ws/tables/1/"
            with ws_connect(
                socket_url, origin=base, additional_headers={"Cookie": cookie}
            ) as socket:
                refusal = json.loads(socket.recv(timeout=60))
                assert refusal["type"] == "error" and refusal["code"] == "busy"
                with pytest.raises(ConnectionClosed) as closed:
                    socket.recv(timeout=60)
                assert closed.value.rcvd.code == CLOSE_BUSY
        # the lock is gone: the request that waited is served
        assert stuck.result(timeout=60)[0] == 200
    assert request(base, "/play/", cookie)[0] == 200
    assert "Internal Server Error" not in cluster.log("web")
    assert "Exception inside application" not in cluster.log("web")


def waiting_on_a_lock(cursor) -> bool:
    # within a transaction PostgreSQL keeps showing its first snapshot of pg_stat_activity
    cursor.execute("SELECT pg_stat_clear_snapshot()")
    cursor.execute(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE application_name = %s AND wait_event_type = 'Lock'",
        [APP_NAME],
    )
    return cursor.fetchone()[0] > 0
