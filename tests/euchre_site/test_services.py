"""The site runs on real PostgreSQL and Redis, and its parts reach them."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers
from django.core.cache import cache
from django.db import connection

from euchre_site.health import site_health
from tests.games.live.layer_listen import until_subscribed

pytestmark = pytest.mark.services


@pytest.mark.django_db
def test_tests_run_on_postgresql():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        assert cursor.fetchone()[0]


def test_cache_is_shared_redis(redis_client):
    cache.set("shared-cache-probe", "seen by every process", timeout=30)
    keys = [key for key in redis_client.keys("*shared-cache-probe*")]
    assert keys, "the cache value should be stored in Redis, not in this process"
    assert cache.get("shared-cache-probe") == "seen by every process"


def test_channel_layer_delivers_a_group_message_between_two_layer_instances(redis_client):
    """Two layer instances stand for two daphne processes: a group send crosses Redis."""
    sender, receiver = (
        channel_layers.make_backend("default"),
        channel_layers.make_backend("default"),
    )

    async def exchange() -> dict:
        channel = await receiver.new_channel()
        await receiver.group_add("table-probe", channel)
        await until_subscribed(receiver, "table-probe")
        await sender.group_send("table-probe", {"type": "table.probe", "version": 7})
        message = await receiver.receive(channel)
        await receiver.group_discard("table-probe", channel)
        return message

    assert async_to_sync(exchange)() == {"type": "table.probe", "version": 7}


@pytest.mark.django_db
def test_health_reports_database_cache_and_channel_layer(redis_client):
    checks = site_health(include_workers=False)
    assert checks["database"] == {"ok": True, "detail": "postgresql"}
    assert checks["cache"]["ok"] is True
    assert checks["channel_layer"] == {"ok": True, "detail": "PubSubLayer"}
