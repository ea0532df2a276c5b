"""A client that closes its socket at any point of a sync (right after sending it, while its
answer is being built, as it is sent), cleanly or by dropping the connection, costs no error in
daphne's log: the send to it is dropped quietly (euchre_site/socket_sends.py). Before, daphne
logged "Exception inside application: Attempt to send on a closed protocol" for some of them:
for a send between the close and the connection's loss, a window that a client closing around
a sync meets only now and then, and one that daphne's own close (answered late by a client that
reads nothing) holds open for up to a second, which this test meets every time."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest

from games.engine import RuleOptions
from games.lab.load_client import page_origin
from tests.games.finished_games import finished_game_store
from tests.games.live.sockets import session_cookie

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SYNC = json.dumps({"type": "sync", "version": 0})
# seconds between the sync (or the opening) and the close: at once, within the answer's thread
# trip, around a long game's first build (a replay of hundreds of actions), after the answer
DELAYS = (0, 0, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1)
OPENED_SECONDS = 0.5  # for a socket's opening frames to reach its client
PENDING_SECONDS = 1.0  # for daphne to answer the first syncs (and hold what it cannot write)
REAPED_SECONDS = 3  # daphne logs an application's exception when it reaps it, each second


async def reading_nothing(url: str, cookie: str) -> object:
    """A socket whose client reads nothing more once it has the opening frame (its receive
    buffer tiny): it answers no close of daphne's."""
    from websockets.asyncio.client import connect

    host, port = url.split("//", 1)[1].split("/", 1)[0].split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    return await connect(
        url,
        sock=raw,
        origin=page_origin(url),
        additional_headers={"Cookie": cookie},
        open_timeout=30,
        close_timeout=1,
        ping_interval=None,
        compression=None,
        proxy=None,
        max_size=2**24,
        max_queue=1,
    )


async def close_with_answers_pending(url: str, cookie: str, syncs: int = 8) -> None:
    """`syncs` syncs, whose answers (a long game's frames) fill what daphne may write to a
    client reading nothing, then as many more, and the close: daphne may read the close while
    it still holds answers to write (so the connection is not lost yet), and builds the others'
    after it."""
    ws = await reading_nothing(url, cookie)
    for _ in range(syncs):
        await ws.send(SYNC)
    await asyncio.sleep(PENDING_SECONDS)
    for _ in range(syncs):
        await ws.send(SYNC)
    await ws.close()


async def closed_by_daphne_then_told(url: str, cookie: str, others: list[str]) -> None:
    """daphne closes a socket (a message too big: 4009) whose client reads nothing, so never
    answers the close; meanwhile other watchers join, and the socket is told how many watch."""
    ws = await reading_nothing(url, cookie)
    # its opening frames read (the client's queue is full: it reads nothing more), then the
    # message daphne closes it for
    await asyncio.sleep(OPENED_SECONDS)
    await ws.send(json.dumps({"type": "chat", "text": "x" * 5000, "version": 0}))
    await asyncio.sleep(0.1)
    for other in others:
        joined = await open_and_close(url, other, sync=False, delay=0.05, drop=False)
        assert joined == "opened"
    ws.transport.abort()


async def open_and_close(url: str, cookie: str, *, sync: bool, delay: float, drop: bool) -> str:
    """Opens the socket at `url`, sends a sync (or nothing: closes during the opening), waits
    `delay` and closes it: cleanly, or (`drop`) by dropping the connection. Returns how far it
    got."""
    from websockets.asyncio.client import connect

    ws = await connect(
        url,
        origin=page_origin(url),
        additional_headers={"Cookie": cookie},
        open_timeout=30,
        close_timeout=5,
        ping_interval=None,
        compression=None,
        proxy=None,
        max_size=2**24,
    )
    if sync:
        await ws.recv()  # the opening frame
        await ws.send(SYNC)
    if delay:
        await asyncio.sleep(delay)
    if drop:
        ws.transport.abort()
    else:
        await ws.close()
    return "synced" if sync else "opened"


def test_closing_at_any_point_of_a_sync_logs_no_error(cluster, table, make_player):
    # every sync goes to the database (no frame reused within a window): a thread trip to close in
    cluster.env["GAME_SYNC_COALESCE_SECONDS"] = "0"
    cluster.env["GAME_SOCKETS_PER_ADDRESS"] = "0"
    url = cluster.daphne("daphne")
    rules = RuleOptions(target_score=15)
    # a long game for each opening close (its first frame is built while the client goes)
    games = [
        finished_game_store([None] * 4, rules=rules, seed=f"closed-{number}")[0]
        for number in range(len(DELAYS))
    ]
    played, people = table(humans=1)
    watchers = [session_cookie(make_player()) for _ in range(4)]
    readers_of_nothing = [session_cookie(make_player()) for _ in range(2)]
    player_cookie = people[0][1]

    async def scenario() -> list[str]:
        done = []
        for index, delay in enumerate(DELAYS):
            for drop in (False, True):
                cookie = watchers[index % len(watchers)]
                # closed during the opening build of a game nobody watched yet
                fresh = f"{url}/ws/tables/{games[index].pk}/watch/"
                done.append(await open_and_close(fresh, cookie, sync=False, delay=delay, drop=drop))
                # closed around a watcher's sync, and a player's at their own table
                for path, who in (
                    (f"/ws/tables/{games[0].pk}/watch/", cookie),
                    (f"/ws/tables/{played.pk}/", player_cookie),
                ):
                    done.append(
                        await open_and_close(url + path, who, sync=True, delay=delay, drop=drop)
                    )
        # closed with answers still to send, and more being built (players of their own: their
        # messages are within their budget)
        watched = f"{url}/ws/tables/{games[0].pk}/watch/"
        await close_with_answers_pending(watched, readers_of_nothing[0])
        await close_with_answers_pending(f"{url}/ws/tables/{played.pk}/", player_cookie)
        # closed by daphne, and told something before the close is answered
        await closed_by_daphne_then_told(watched, readers_of_nothing[1], watchers)
        return done

    done = asyncio.run(scenario())
    assert done.count("synced") == 4 * len(DELAYS) and done.count("opened") == 2 * len(DELAYS)
    # daphne served on (a last socket opens and syncs), and logged no error once it reaped the
    # closed sockets' applications

    async def last_sync() -> dict:
        from websockets.asyncio.client import connect

        async with connect(
            f"{url}/ws/tables/{games[0].pk}/watch/",
            origin=page_origin(url),
            additional_headers={"Cookie": watchers[0]},
            max_size=2**24,
            proxy=None,
        ) as ws:
            await ws.recv()
            await ws.send(SYNC)
            while True:
                frame = json.loads(await ws.recv())
                if frame["type"] == "state":
                    return frame

    assert asyncio.run(last_sync())["watching"] is True
    time.sleep(REAPED_SECONDS)
    log = cluster.log("daphne")
    assert "Exception inside application" not in log, log[-3000:]
    assert "Attempt to send on a closed protocol" not in log
