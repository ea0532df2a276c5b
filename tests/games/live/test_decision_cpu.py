"""The computers' decisions' CPU, tallied in Redis by the process that makes them when the load
table asks for it (GAME_DECISION_CPU_TALLY), and nothing written otherwise."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from games.live.services import decision_cpu
from games.live.services.play import computer_run

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def tally_key(redis_client):
    key = decision_cpu.decision_cpu_key()
    redis_client.delete(key)
    yield key
    redis_client.delete(key)


def test_each_decision_is_tallied_when_asked(
    computers_turn_table, redis_client, tally_key, settings, monkeypatch
):
    game, _ = computers_turn_table()
    settings.GAME_DECISION_CPU_TALLY = True
    monkeypatch.setattr(decision_cpu, "FLUSH_EVERY_SECONDS", 0.0)  # every decision written
    applied = computer_run(game_id=game.pk, version=game.version)
    assert applied is not None
    tally = redis_client.hgetall(tally_key)
    assert int(tally[b"decisions"]) == applied.version - game.version >= 1
    assert int(tally[b"micros"]) > 0  # a normal computer searches


def test_nothing_is_written_when_not_asked(computers_turn_table, redis_client, tally_key):
    assert django_settings.GAME_DECISION_CPU_TALLY is False
    game, _ = computers_turn_table()
    assert computer_run(game_id=game.pk, version=game.version) is not None
    assert redis_client.hgetall(tally_key) == {}
