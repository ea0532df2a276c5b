"""The kept redis-py clients (`euchre_site.redis_clients`): one per pool, on the real Redis."""

from __future__ import annotations

from celery import current_app
from django.core.cache import cache, caches
from kombu import Exchange, Queue
from kombu.utils.uuid import uuid

from euchre_site.redis_clients import KeptClientRedisCache, KeptClientTransport


def test_the_cache_keeps_one_client_and_still_reads_and_writes():
    backend = caches["default"]
    assert isinstance(backend, KeptClientRedisCache)
    client = backend._cache.get_client(write=True)
    assert backend._cache.get_client() is client
    key = f"kept-client-{uuid()}"
    assert cache.add(key, "one", timeout=30)
    assert not cache.add(key, "two", timeout=30)
    assert cache.get(key) == "one"
    cache.delete(key)
    assert cache.get(key) is None


def test_the_broker_channel_keeps_its_client_until_its_pool_is_replaced():
    with current_app.connection_for_write() as connection:
        assert isinstance(connection.transport, KeptClientTransport)
        channel = connection.default_channel
        client = channel._create_client()
        assert channel._create_client() is client
        # the pool's owner drops it (kombu does on a lost connection): a new client with it
        channel._pool = None
        again = channel._create_client()
        assert again is not client
        assert again.connection_pool is channel.pool
        assert channel._create_client() is again


def test_messages_are_acknowledged_through_the_kept_client():
    """A message taken with acknowledgements (as the worker takes tasks) leaves the
    unacknowledged set when it is acknowledged: the bookkeeping that used a new client each
    time works with the kept one."""
    name = f"kept-client-test-{uuid()}"
    queue = Queue(name, Exchange(name), routing_key=name, auto_delete=True)
    with current_app.connection_for_write() as connection:
        channel = connection.default_channel
        bound = queue(channel)
        bound.declare()
        try:
            with connection.Producer(channel) as producer:
                producer.publish({"n": 1}, exchange=bound.exchange, routing_key=name)
                producer.publish({"n": 2}, exchange=bound.exchange, routing_key=name)
            first = bound.get(no_ack=False)
            assert first is not None and first.payload == {"n": 1}
            kept = channel._create_client()
            assert kept.hget(channel.unacked_key, first.delivery_tag) is not None
            first.ack()
            assert kept.hget(channel.unacked_key, first.delivery_tag) is None
            second = bound.get(no_ack=False)
            assert second is not None and second.payload == {"n": 2}
            second.ack()
        finally:
            bound.delete()
