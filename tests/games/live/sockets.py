"""Opening table sockets through the real ASGI application: origin check, session login,
the Redis channel layer."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import sys
import weakref
from typing import Any

from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.models import User
from euchre_site.asgi import application
from games.lab.sessions import session_cookie_of as session_cookie
from games.live.frame_wire import TABLE_KEYS


async def table_socket(
    game_id: int, user: User | None, origin: str = "http://localhost", *, watch: bool = False
) -> WebsocketCommunicator:
    """A player's table socket, or with `watch` a watcher's (/ws/tables/<id>/watch/)."""
    headers = [(b"origin", origin.encode()), (b"host", b"localhost")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", cookie.encode()))
    path = f"/ws/tables/{game_id}/" + ("watch/" if watch else "")
    socket = WebsocketCommunicator(application, path, headers=headers)
    opened = _opened.get(None)
    if opened is not None:
        opened.append(socket)
    return socket


# the frames after the first of a message that held a run of them (a JSON array,
# games.live.frame_wire.frames_message), handed out one by one as the page takes them
_frames_left: weakref.WeakKeyDictionary[WebsocketCommunicator, list[dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)


# the table's part of the last state frame that had it: a frame pushed after a move leaves it
# out when the page has it (games.live.frame_wire), and the page takes it from the frame before
_tables: weakref.WeakKeyDictionary[WebsocketCommunicator, dict[str, Any]] = (
    weakref.WeakKeyDictionary()
)


async def receive(socket: WebsocketCommunicator, timeout: float = 5) -> dict[str, Any]:
    """The socket's next frame (or other message), as the page reads it (a state frame with
    the table's part it keeps)."""
    left = _frames_left.get(socket)
    if left:
        return _as_page(socket, left.pop(0))
    message = json.loads(await socket.receive_from(timeout=timeout))
    if isinstance(message, list):
        assert len(message) > 1, "a lone frame is sent as it is"
        _frames_left[socket] = message[1:]
        return _as_page(socket, message[0])
    return _as_page(socket, message)


def _as_page(socket: WebsocketCommunicator, frame: Any) -> Any:
    if not isinstance(frame, dict) or frame.get("type") != "state":
        return frame
    if "seats" in frame:
        _tables[socket] = {key: frame[key] for key in TABLE_KEYS if key in frame}
        return frame
    return {**frame, **_tables.get(socket, {})}


async def send(socket: WebsocketCommunicator, message: dict[str, Any] | str) -> None:
    await socket.send_to(text_data=message if isinstance(message, str) else json.dumps(message))


# a person's pace: under the socket guard's 8 messages a second (games/live/rate_limit.py). A test
# playing a whole game as fast as the frames come sends faster than that once the frames come
# quickly, and its moves are then refused as a flood
PERSONS_MESSAGES_A_SECOND = 6.0
_last_sent: dict[int, float] = {}


async def send_as_a_person(socket: WebsocketCommunicator, message: dict[str, Any]) -> None:
    """`send`, at most PERSONS_MESSAGES_A_SECOND from one socket."""
    loop = asyncio.get_running_loop()
    wait = _last_sent.get(id(socket), float("-inf")) + 1 / PERSONS_MESSAGES_A_SECOND - loop.time()
    if wait > 0:
        await asyncio.sleep(wait)
    _last_sent[id(socket)] = loop.time()
    await send(socket, message)


async def join(socket: WebsocketCommunicator) -> dict[str, Any]:
    """Connects and returns the snapshot of my seat, after which the chat history arrives."""
    # a busy machine (two test workers and their servers on two cores) may take seconds
    connected, code = await socket.connect(timeout=10)
    assert connected, f"refused with close code {code}"
    state = await receive(socket)
    assert state["type"] == "state"
    history = await receive(socket)
    assert history["type"] == "chat"
    return state


# the sockets a running scenario opened, so that `run` can close every one of them
_opened: contextvars.ContextVar[list[WebsocketCommunicator]] = contextvars.ContextVar("opened")

SCENARIO_SECONDS = 120
CLEANUP_SECONDS = 15


def run(scenario: Any) -> Any:
    """Runs an async test scenario from a sync test, on the test's own thread (where its
    database connection is), within SCENARIO_SECONDS. Afterwards every socket it opened is
    disconnected, even those the server closed, and every task left on the loop is cancelled:
    a consumer still running would otherwise keep the loop from closing. A task that does not
    stop fails the test with its stack instead of hanging it."""

    async def bounded() -> Any:
        opened: list[WebsocketCommunicator] = []
        token = _opened.set(opened)
        try:
            return await asyncio.wait_for(scenario(), SCENARIO_SECONDS)
        finally:
            _opened.reset(token)
            await _stop_everything(opened)

    return async_to_sync(bounded)()


async def _stop_everything(opened: list[WebsocketCommunicator]) -> None:
    disconnects = [asyncio.ensure_future(_quiet_disconnect(socket)) for socket in opened]
    if disconnects:
        await asyncio.wait(disconnects, timeout=CLEANUP_SECONDS)
    me = asyncio.current_task()
    left = [task for task in asyncio.all_tasks() if task is not me and not task.done()]
    for task in left:
        task.cancel()
    if not left:
        return
    _, stuck = await asyncio.wait(left, timeout=CLEANUP_SECONDS)
    if stuck:
        stacks = io.StringIO()
        for task in stuck:
            task.print_stack(file=stacks)
        # now: the loop may never close, and captured output shows only at the test's end
        print(f"tasks that would not stop:\n{stacks.getvalue()}", file=sys.__stderr__, flush=True)
        raise AssertionError(f"{len(stuck)} task(s) would not stop:\n{stacks.getvalue()}")


async def _quiet_disconnect(socket: WebsocketCommunicator) -> None:
    # already closed by the server, or the scenario failed mid-way: nothing to report
    with contextlib.suppress(Exception):
        await socket.disconnect()  # the consumer's disconnect(), then a 1 s wait
