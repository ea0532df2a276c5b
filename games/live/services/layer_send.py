"""Sending to the channel layer from synchronous code: the services' commit hooks, run by
Celery tasks and by daphne's database threads.

`async_to_sync` runs each call on a new event loop in a new thread, and channels_redis keeps
its Redis connections per event loop, so every move opened (and dropped) a Redis connection:
about 4 ms of a computer move's 18 in the worker. One long-lived loop per process, on a
daemon thread, keeps its connections from one send to the next. A move's sends, the most
frequent, go from the calling thread on a plain Redis client of the process's own instead
(`group_sends_behind`): handing them to the loop's thread cost more than the sends.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import Future
from typing import Any

from channels.layers import get_channel_layer

SEND_TIMEOUT_SECONDS = 10.0

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None
_in_order: asyncio.Lock | None = None  # the sending loop's: sends left behind go out in order
_sends_in_order = threading.Lock()  # the same, for sends from the calling thread


def _after_fork_in_child() -> None:
    # a lock another thread held at the fork would be held for ever in the child
    global _sends_in_order
    _sends_in_order = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def sending_loop() -> asyncio.AbstractEventLoop:
    """This process's sending loop, started on first use (again in a forked child, where the
    parent's thread does not exist)."""
    global _loop, _loop_pid, _in_order
    with _lock:
        if _loop is None or _loop_pid != os.getpid() or _loop.is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="layer-send", daemon=True)
            thread.start()
            _loop, _loop_pid, _in_order = loop, os.getpid(), None
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


def group_sends_behind(sends: list[tuple[str, dict[str, Any]]]) -> Future[None] | None:
    """Sends each (group, event) in turn, a move's sends: one process's go out in the order
    they were given, one list after another; a failure is logged, not raised (the move is
    stored: a table that missed it is told again by the sweeper). The site's layer sends them
    from the calling thread, in one round trip (`PubSubLayer.group_send_many_now`); another
    layer from the sending loop, without waiting for Redis. The future is that of the sends."""
    layer = get_channel_layer()
    if layer is None or not sends:
        return None
    send_now = getattr(type(layer), "group_send_many_now", None)
    if send_now is None:
        future = asyncio.run_coroutine_threadsafe(_send_in_order(layer, sends), sending_loop())
        future.add_done_callback(_log_failure)
        return future
    done: Future[None] = Future()
    try:
        with _sends_in_order:
            send_now(layer, sends)
    except Exception as error:  # whatever it was, the move stays stored
        done.set_exception(error)
        _log_failure(done)
    else:
        done.set_result(None)
    return done


async def _send_in_order(layer: Any, sends: list[tuple[str, dict[str, Any]]]) -> None:
    global _in_order
    if _in_order is None:
        _in_order = asyncio.Lock()  # made on the sending loop, whose FIFO it keeps
    async with _in_order:
        send_many = getattr(layer, "group_send_many", None)
        if send_many is not None:  # the site's layer: one round trip for the lot
            await asyncio.wait_for(send_many(sends), SEND_TIMEOUT_SECONDS)
            return
        for group, event in sends:
            await asyncio.wait_for(layer.group_send(group, event), SEND_TIMEOUT_SECONDS)


def _log_failure(future: Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.warning("a move's sends to the channel layer failed", exc_info=future.exception())
