"""Sending to the Redis channel layer from synchronous code keeps one event loop (and so its
Redis connections) per process, and a forked worker process gets a loop of its own; a move's
sends go from the calling thread, in order, on a connection of the process's own."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import time
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from games.live.services import layer_send
from games.live.services.layer_send import group_send, group_sends_behind, sending_loop

from .layer_listen import until_subscribed


@pytest.mark.services
def test_a_send_from_sync_code_reaches_the_group_over_redis(redis_client):
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("test.layer-send", channel)
        await until_subscribed(layer, "test.layer-send")
        await sync_to_async(group_send)("test.layer-send", {"type": "x.first", "n": 1})
        await sync_to_async(group_send)("test.layer-send", {"type": "x.second", "n": 2})
        first = await layer.receive(channel)
        second = await layer.receive(channel)
        await layer.group_discard("test.layer-send", channel)
        return first, second

    first, second = async_to_sync(scenario)()
    assert (first["type"], first["n"]) == ("x.first", 1)
    assert (second["type"], second["n"]) == ("x.second", 2)


@pytest.mark.services
def test_every_send_in_a_process_uses_the_same_running_loop(redis_client):
    group_send("test.nobody-listens", {"type": "x.ping"})
    loop = sending_loop()
    group_send("test.nobody-listens", {"type": "x.ping"})
    assert sending_loop() is loop


class Forked:
    """`function()` in a child made by `os.fork`, as Celery's pool makes its children, its
    result (or its error's text) read back through a pipe. Not multiprocessing's Process: its
    after-fork hooks include kombu's, which closes the parent's broker connections in the child
    and can wait for ever on a reply the parent is reading (seen in the full suite)."""

    def __init__(self, function: Callable[[], Any]) -> None:
        self.reading, writing = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the child: never back into pytest
            try:
                os.close(self.reading)
                try:
                    outcome = ("returned", function())
                except BaseException as error:
                    outcome = ("raised", repr(error))
                with os.fdopen(writing, "wb") as pipe:
                    pickle.dump(outcome, pipe)
            finally:
                os._exit(0)
        os.close(writing)

    def result(self, timeout: float) -> Any:
        """What the child returned; an AssertionError if it raised or has not ended in time."""
        deadline = time.monotonic() + timeout
        while os.waitpid(self.pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
                raise AssertionError(f"the child did not end in {timeout} s")
            time.sleep(0.05)
        with os.fdopen(self.reading, "rb") as pipe:
            kind, value = pickle.load(pipe)
        assert kind == "returned", value
        return value


def _child_sends() -> int:
    group_send("test.nobody-listens", {"type": "x.ping"})  # hangs on the parent's loop if reused
    return id(sending_loop())


@pytest.mark.services
def test_a_forked_process_starts_a_loop_of_its_own(redis_client):
    """Celery's prefork pool forks after the parent may have sent: the parent's loop thread does
    not exist in the child, so the child must not wait on it."""
    group_send("test.nobody-listens", {"type": "x.ping"})
    parent_loop = sending_loop()
    assert Forked(_child_sends).result(20) != id(parent_loop)


@pytest.mark.services
def test_sends_left_behind_arrive_in_the_order_they_were_left(redis_client):
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("test.behind", channel)
        await until_subscribed(layer, "test.behind")
        first = group_sends_behind([("test.behind", {"type": "x", "n": n}) for n in range(1, 4)])
        second = group_sends_behind([("test.behind", {"type": "x", "n": 4})])
        got = [(await layer.receive(channel))["n"] for _ in range(4)]
        await layer.group_discard("test.behind", channel)
        return got, first, second

    got, first, second = async_to_sync(scenario)()
    assert got == [1, 2, 3, 4]
    assert first.done() and second.done() and first.exception() is None


@pytest.mark.services
def test_a_send_left_behind_that_fails_is_logged(redis_client, caplog, monkeypatch):
    # a logging set-up made by another test may have disabled this module's logger (Django's
    # dictConfig disables the loggers that exist): this test reads what it logs
    monkeypatch.setattr(layer_send.logger, "disabled", False)
    monkeypatch.setattr(layer_send.logger, "propagate", True)
    caplog.set_level(logging.WARNING, logger=layer_send.logger.name)
    # a message the layer cannot encode (msgpack has no sets): the move's thread is not told,
    # the log is
    future = group_sends_behind([("test.behind", {"type": "x", "cards": {"AS"}})])
    assert future is not None
    with pytest.raises(TypeError):
        future.result(timeout=10)
    for _ in range(500):  # the callback runs on the sending loop's thread just after
        if "sends to the channel layer failed" in caplog.text:
            break
        time.sleep(0.01)
    assert "a move's sends to the channel layer failed" in caplog.text


@pytest.mark.services
def test_a_moves_sends_are_in_redis_when_the_call_returns(redis_client):
    """The site's layer sends a move's frames from the calling thread: nothing is left for a
    loop's thread, and a subscriber has them without anyone else running."""
    layer = get_channel_layer()

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("test.now", channel)
        await until_subscribed(layer, "test.now")
        sent = await sync_to_async(group_sends_behind)(
            [("test.now", {"type": "x", "n": 1}), ("test.now-nobody", {"type": "x", "n": 0})]
        )
        assert sent.done() and sent.exception() is None  # before anything else runs
        got = await asyncio.wait_for(layer.receive(channel), 20)
        await layer.group_discard("test.now", channel)
        return got

    assert async_to_sync(scenario)()["n"] == 1


def _child_sends_a_move() -> tuple[bool, str]:
    # the parent's Redis client is not the child's: redis-py's pool starts again after a fork
    sent = group_sends_behind([("test.forked", {"type": "x", "n": 7})])
    return sent.done(), repr(sent.exception())


@pytest.mark.services
def test_a_forked_process_sends_a_moves_frames_on_a_connection_of_its_own(redis_client):
    layer = get_channel_layer()
    group_sends_behind([("test.nobody-listens", {"type": "x"})])  # the parent's client, in use

    async def scenario():
        channel = await layer.new_channel()
        await layer.group_add("test.forked", channel)
        await until_subscribed(layer, "test.forked")
        with layer_send._sends_in_order:  # as if another thread's send were under way
            child = Forked(_child_sends_a_move)
        try:
            got = await asyncio.wait_for(layer.receive(channel), 20)
        except TimeoutError:
            got = None
        await layer.group_discard("test.forked", channel)
        return got, await sync_to_async(child.result)(20)

    got, report = async_to_sync(scenario)()
    assert report == (True, "None")  # sent when the call returned, without error
    assert got is not None and got["n"] == 7
