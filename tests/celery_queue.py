"""What the services queued on the real Redis, read by tests: the Celery queue, and the
computers' runs waiting for the workers' runners (`games.live.services.computer_runs`)."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime

import redis
from django.conf import settings


def queue_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:celery"


def runs_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:computer-runs"


def queued(redis_client: redis.Redis) -> list[tuple[str, list]]:
    """(task name, args) of every message waiting in the Celery queue, oldest first, then of
    every computers' run waiting, as (COMPUTER_TURN, [game, version]), the earliest due first."""
    messages = [json.loads(raw) for raw in reversed(redis_client.lrange(queue_key(), 0, -1))]
    runs = [member.decode().split(":") for member in redis_client.zrange(runs_key(), 0, -1)]
    return [
        (message["headers"]["task"], json.loads(base64.b64decode(message["body"]))[0])
        for message in messages
    ] + [("games.computer_turn", [int(game_id), int(version)]) for game_id, version in runs]


def runs_due(redis_client: redis.Redis) -> list[tuple[tuple[int, int], datetime]]:
    """((game, version), when it is due) of every computers' run waiting, the earliest first."""
    runs = redis_client.zrange(runs_key(), 0, -1, withscores=True)
    return [
        (
            tuple(int(part) for part in member.decode().split(":")),
            datetime.fromtimestamp(score / 1000, tz=UTC),
        )
        for member, score in runs
    ]


def queue_clear(redis_client: redis.Redis) -> None:
    """Forgets what waits: the Celery queue's messages and the computers' runs."""
    redis_client.delete(queue_key(), runs_key(), f"{runs_key()}:wake")


def queued_headers(redis_client: redis.Redis) -> list[dict]:
    """The Celery headers of every message waiting in the queue, oldest first."""
    raw_messages = reversed(redis_client.lrange(queue_key(), 0, -1))
    return [json.loads(raw)["headers"] for raw in raw_messages]
