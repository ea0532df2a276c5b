"""Health checks of the parts the site needs: the database, Redis (cache and channel layer)
and the Celery workers. Each returns (ok, detail) and never raises."""

from __future__ import annotations

import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import connection

from .celery import app as celery_app

CheckResult = tuple[bool, str]


def check_database() -> CheckResult:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # a health check reports every failure, whatever its kind
        return False, f"{type(error).__name__}: {error}"
    return True, connection.vendor


def check_cache() -> CheckResult:
    key, value = f"health:{uuid.uuid4().hex}", uuid.uuid4().hex
    try:
        cache.set(key, value, timeout=10)
        seen = cache.get(key)
        cache.delete(key)
    except Exception as error:
        return False, f"{type(error).__name__}: {error}"
    return (seen == value), "redis" if seen == value else "value did not round-trip"


def check_channel_layer() -> CheckResult:
    """Sends a message to a fresh channel and reads it back through the layer."""
    layer = get_channel_layer()
    if layer is None:
        return False, "no channel layer configured"

    async def round_trip() -> bool:
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "health.ping"})
        message = await layer.receive(channel)
        return message.get("type") == "health.ping"

    try:
        ok = async_to_sync(round_trip)()
    except Exception as error:
        return False, f"{type(error).__name__}: {error}"
    return ok, type(layer).__name__


def check_workers(timeout: float = 1.0) -> CheckResult:
    try:
        replies = celery_app.control.ping(timeout=timeout)
    except Exception as error:
        return False, f"{type(error).__name__}: {error}"
    names = sorted(name for reply in replies for name in reply)
    return bool(names), ", ".join(names) if names else "no worker answered"


def site_health(*, include_workers: bool = True) -> dict[str, dict[str, object]]:
    checks = {
        "database": check_database(),
        "cache": check_cache(),
        "channel_layer": check_channel_layer(),
    }
    if include_workers:
        checks["workers"] = check_workers()
    return {name: {"ok": ok, "detail": detail} for name, (ok, detail) in checks.items()}
