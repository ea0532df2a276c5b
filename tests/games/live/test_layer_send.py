"""Sending to the Redis channel layer from synchronous code keeps one event loop (and so its
Redis connections) per process, and a forked worker process gets a loop of its own."""

from __future__ import annotations

import logging
import multiprocessing
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from games.services import layer_send
from games.services.layer_send import group_send, group_sends_behind, sending_loop

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


def _child_sends(pipe) -> None:
    group_send("test.nobody-listens", {"type": "x.ping"})  # hangs on the parent's loop if reused
    pipe.send(id(sending_loop()))
    pipe.close()


@pytest.mark.services
def test_a_forked_process_starts_a_loop_of_its_own(redis_client):
    """Celery's prefork pool forks after the parent may have sent: the parent's loop thread does
    not exist in the child, so the child must not wait on it."""
    group_send("test.nobody-listens", {"type": "x.ping"})
    parent_loop = sending_loop()
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_child_sends, args=(sending,))
    child.start()
    try:
        assert receiving.poll(20), "the child's send did not complete"
        child_loop_id = receiving.recv()
    finally:
        child.join(5)
        if child.is_alive():
            child.kill()
    assert child_loop_id != id(parent_loop)


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
