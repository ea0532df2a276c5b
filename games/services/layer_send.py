"""Sending to the channel layer from synchronous code: the services' commit hooks, run by
Celery tasks and by daphne's database threads.

`async_to_sync` runs each call on a new event loop in a new thread, and channels_redis keeps
its Redis connections per event loop, so every move opened (and dropped) a Redis connection:
about 4 ms of a computer move's 18 in the worker. One long-lived loop per process, on a
daemon thread, keeps its connections from one send to the next.
"""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any

from channels.layers import get_channel_layer

SEND_TIMEOUT_SECONDS = 10.0

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None


def sending_loop() -> asyncio.AbstractEventLoop:
    """This process's sending loop, started on first use (again in a forked child, where the
    parent's thread does not exist)."""
    global _loop, _loop_pid
    with _lock:
        if _loop is None or _loop_pid != os.getpid() or _loop.is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="layer-send", daemon=True)
            thread.start()
            _loop, _loop_pid = loop, os.getpid()
        return _loop


def group_send(group: str, event: dict[str, Any]) -> None:
    """Sends `event` to every socket in `group` and waits until Redis has it. Raises what the
    layer raised, or TimeoutError if Redis does not answer in time."""
    layer = get_channel_layer()
    if layer is None:
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, event), sending_loop())
    try:
        future.result(timeout=SEND_TIMEOUT_SECONDS)
    except TimeoutError:
        future.cancel()
        raise
