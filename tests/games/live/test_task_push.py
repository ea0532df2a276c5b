"""A move task marked and queued in one Redis call (`games.live.services.task_push`): the message
is the one Celery's `send_task` stores, it is queued once per mark, and a real worker runs it
(`test_timers.py`: the worker unmarks it, plays for the person out of time)."""

from __future__ import annotations

import base64
import json
from datetime import datetime

import pytest
from django.core.cache import cache

from euchre_site.celery import app as celery_app
from games.live.services import move_queue
from games.live.services.move_queue import (
    COMPUTER_TURN,
    TURN_TIMEOUT,
    move_task_waiting,
    turn_timeout_queue,
)
from games.live.services.task_push import task_message, task_push_once, task_push_possible
from tests.celery_queue import queue_key, queued

pytestmark = [pytest.mark.services]

# what differs between two messages of the same task: its ids and when it was made
PER_MESSAGE = {"id", "root_id", "correlation_id", "delivery_tag", "eta"}


def _flat(message: dict, prefix: str = "") -> dict[str, object]:
    fields: dict[str, object] = {}
    for key, value in message.items():
        if isinstance(value, dict) and value:
            fields.update(_flat(value, f"{prefix}{key}."))
        else:
            fields[f"{prefix}{key}"] = value
    return fields


def test_the_message_is_the_one_send_task_stores(empty_queue):
    assert task_push_possible()  # the site's settings: one Redis for the broker and the cache
    celery_app.send_task(COMPUTER_TURN, args=(12, 34), countdown=0.5, ignore_result=True)
    theirs = json.loads(empty_queue.lpop(queue_key()))
    ours = json.loads(task_message(COMPUTER_TURN, (12, 34), countdown=0.5))

    their_fields, our_fields = _flat(theirs), _flat(ours)
    assert set(our_fields) == set(their_fields)
    differing = {name for name, value in our_fields.items() if value != their_fields[name]}
    assert {name.rsplit(".", 1)[-1] for name in differing} <= PER_MESSAGE
    assert base64.b64decode(ours["body"]) == base64.b64decode(theirs["body"])
    # its own ids, the same in each place Celery puts them, and an eta half a second on
    headers = ours["headers"]
    assert headers["id"] == headers["root_id"] == ours["properties"]["correlation_id"]
    assert headers["id"] != theirs["headers"]["id"]
    eta_gap = datetime.fromisoformat(headers["eta"]) - datetime.fromisoformat(
        theirs["headers"]["eta"]
    )
    assert abs(eta_gap.total_seconds()) < 5


def test_a_task_is_pushed_once_while_its_mark_stands(empty_queue):
    assert task_push_once(
        mark="move-task:probe:1", mark_seconds=60, name=COMPUTER_TURN, args=(5, 6), countdown=None
    )
    assert not task_push_once(
        mark="move-task:probe:1", mark_seconds=60, name=COMPUTER_TURN, args=(5, 6), countdown=None
    )
    assert queued(empty_queue) == [(COMPUTER_TURN, [5, 6])]
    assert cache.get("move-task:probe:1") == 1  # Django's cache reads the mark as it wrote it
    assert 0 < empty_queue.ttl(cache.make_and_validate_key("move-task:probe:1")) <= 60


def test_without_one_redis_for_both_the_mark_and_the_task_go_the_two_ways(empty_queue, monkeypatch):
    monkeypatch.setattr(move_queue, "task_push_possible", lambda: False)
    assert turn_timeout_queue(9, 2)
    assert not turn_timeout_queue(9, 2)
    assert move_task_waiting(TURN_TIMEOUT, 9, 2)
    assert queued(empty_queue) == [(TURN_TIMEOUT, [9, 2])]
