"""A move task (a timeout's) marked and queued in one Redis call, not through `send_task`.

When the computers' runs were Celery tasks too (they are now `computer_runs`), queueing one
after a person's move at a strong table was a quarter of a daphne's samples (py-spy, 100
tables): Celery's `send_task` builds a producer, takes a connection from its pool, makes a
redis-py client for the one LPUSH and a result object, and the mark that keeps a task from
being queued twice (`move_queue`) was a second Redis command of Django's cache.
Here Celery still writes the task's headers and body (`amqp.as_task_v2`, its message protocol 2)
and kombu serializes the body; the envelope is the one kombu's Redis transport stores for a
message to the default exchange (`Channel.prepare_message`, `basic_publish`, `_put`: a JSON
object with the body in base64, pushed on the queue's list), and one Lua script sets the mark
and pushes the message only if the mark was not there. Worker, retries and acks are Celery's as
before: the message is the same (`tests/games/live/test_task_push.py` compares it with
`send_task`'s, field by field).

Used only where the broker and the cache are the same Redis database (the site's settings);
anywhere else `move_queue` marks and sends the two ways it did before.
"""

from __future__ import annotations

import base64
import threading
from typing import Any

import orjson
import redis
from celery import current_app
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from kombu.serialization import dumps as kombu_dumps
from kombu.utils.uuid import uuid

# KEYS: the mark, the queue's list; ARGV: the mark's lifetime (s), the message
_MARK_AND_PUSH = """
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
  redis.call('LPUSH', KEYS[2], ARGV[2])
  return 1
end
return 0
"""

_client_lock = threading.Lock()
_script: Any = None


def task_push_possible() -> bool:
    """The broker is the cache's Redis database, so the mark and the message can go together."""
    cache_settings = settings.CACHES["default"]
    return (
        isinstance(caches["default"], RedisCache)
        and cache_settings["LOCATION"] == current_app.conf.broker_url
        and str(current_app.conf.broker_url).startswith(("redis://", "rediss://"))
    )


def task_push_once(
    *, mark: str, mark_seconds: int, name: str, args: tuple[Any, ...], countdown: float | None
) -> bool:
    """Queues task `name` with `args` unless the cache key `mark` is set, and sets it (for
    `mark_seconds`). False, and nothing queued, when the mark was there."""
    pushed = _mark_and_push()(
        keys=[cache.make_and_validate_key(mark), _queue_key()],
        args=[mark_seconds, task_message(name, args, countdown=countdown)],
    )
    return bool(pushed)


def task_message(name: str, args: tuple[Any, ...], *, countdown: float | None) -> bytes:
    """The message kombu's Redis transport would store for `send_task(name, args, countdown,
    ignore_result=True)` to the default queue."""
    app = current_app
    task_id = uuid()
    parent = app.current_worker_task  # queued by a task (the sweeper's): its ids, as send_task
    headers, properties, body, _ = app.amqp.as_task_v2(
        task_id,
        name,
        args=args,
        kwargs={},
        countdown=countdown,
        reply_to=app.thread_oid,
        root_id=parent and (parent.request.root_id or parent.request.id),
        parent_id=parent and parent.request.id,
        ignore_result=True,
    )
    content_type, content_encoding, data = kombu_dumps(body, serializer=app.conf.task_serializer)
    queue = app.conf.task_default_queue
    envelope = {
        "body": base64.b64encode(data if isinstance(data, bytes) else data.encode()).decode(),
        "content-encoding": content_encoding,
        "content-type": content_type,
        "headers": headers,
        "properties": {
            **properties,
            "delivery_mode": 2,  # persistent, kombu's Producer default
            "delivery_info": {"exchange": "", "routing_key": queue},
            "priority": 0,
            "body_encoding": "base64",
            "delivery_tag": uuid(),
        },
    }
    return orjson.dumps(envelope)


def _queue_key() -> str:
    options = current_app.conf.broker_transport_options or {}
    return f"{options.get('global_keyprefix', '')}{current_app.conf.task_default_queue}"


def _mark_and_push() -> Any:
    """The script on one client (and connection pool) a process keeps: a new client per command
    was much of kombu's cost."""
    global _script
    if _script is None:
        with _client_lock:
            if _script is None:
                client = redis.Redis.from_url(current_app.conf.broker_url)
                _script = client.register_script(_MARK_AND_PUSH)
    return _script
