"""The computers' decisions' CPU, tallied in Redis by the process that makes them when the load
table asks for it (GAME_DECISION_CPU_TALLY), and nothing written otherwise."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from games.engine import RuleOptions
from games.models import Game
from games.players import choose_action
from games.selectors import engine_game
from games.services import decision_cpu
from games.services.play import computer_run, game_act
from games.services.tables import table_create, table_start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def tally_key(redis_client):
    key = decision_cpu.decision_cpu_key()
    redis_client.delete(key)
    yield key
    redis_client.delete(key)


def computers_to_move(make_player) -> Game:
    person = make_player()
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level="normal"
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    while engine_game(game).to_act == 0:
        engine = engine_game(game)
        action = choose_action(engine.view(0), engine.rules)
        game_act(game_id=game.pk, user_id=person.pk, action=action, version=game.version)
        game.refresh_from_db()
    return game


def test_each_decision_is_tallied_when_asked(make_player, redis_client, tally_key, settings):
    game = computers_to_move(make_player)
    settings.GAME_DECISION_CPU_TALLY = True
    decision_cpu.FLUSH_EVERY_SECONDS = 0.0  # every decision written at once
    try:
        applied = computer_run(game_id=game.pk, version=game.version)
    finally:
        decision_cpu.FLUSH_EVERY_SECONDS = 0.1
    assert applied is not None
    tally = redis_client.hgetall(tally_key)
    assert int(tally[b"decisions"]) == applied.version - game.version >= 1
    assert int(tally[b"micros"]) > 0  # a normal computer searches


def test_nothing_is_written_when_not_asked(make_player, redis_client, tally_key):
    assert django_settings.GAME_DECISION_CPU_TALLY is False
    game = computers_to_move(make_player)
    assert computer_run(game_id=game.pk, version=game.version) is not None
    assert redis_client.hgetall(tally_key) == {}
