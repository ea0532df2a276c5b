"""The real broker's Celery queue, read by tests that check what a service queued."""

from __future__ import annotations

import base64
import json

import redis
from django.conf import settings


def queue_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:celery"


def queued(redis_client: redis.Redis) -> list[tuple[str, list]]:
    """(task name, args) of every message waiting in the Celery queue, oldest first."""
    messages = [json.loads(raw) for raw in reversed(redis_client.lrange(queue_key(), 0, -1))]
    return [
        (message["headers"]["task"], json.loads(base64.b64decode(message["body"]))[0])
        for message in messages
    ]


def queued_headers(redis_client: redis.Redis) -> list[dict]:
    """The Celery headers of every message waiting in the queue, oldest first."""
    raw_messages = reversed(redis_client.lrange(queue_key(), 0, -1))
    return [json.loads(raw)["headers"] for raw in raw_messages]
