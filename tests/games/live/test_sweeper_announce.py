"""A move committed by a process that died before telling the table: the sweeper tells the
quiet table its version, the sockets that missed it catch up, and the others send nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.conf import settings

from games.live.services import after_move
from games.live.services.play import game_act
from games.live.services.sweeper import stalled_games_requeue
from games.models import Game
from games.players import choose_action
from games.selectors import engine_game
from tests.games.conftest import player_to_act

from .sockets import join, receive, run, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def move_whose_process_dies_after_commit(game: Game, players, monkeypatch) -> int:
    """The move is stored; what would follow its commit (telling the table, timers) never
    runs, as when its process is killed at that moment. Returns the new version."""
    game.refresh_from_db()
    engine = engine_game(game)
    mover = player_to_act(game, players)
    with monkeypatch.context() as patch:
        patch.setattr(after_move, "schedule", lambda game, **_options: None)
        applied = game_act(
            game_id=game.pk,
            user_id=mover.pk,
            action=choose_action(engine.view(engine.to_act), engine.rules),
            version=game.version,
        )
    return applied.version


def a_sweep_after_the_grace(game: Game) -> None:
    game.refresh_from_db()
    grace = timedelta(seconds=settings.GAME_SWEEP_GRACE_SECONDS)
    stalled_games_requeue(now=game.moved_at + grace + timedelta(seconds=1))


def test_a_table_never_told_of_a_move_is_told_by_the_sweeper(started_table, monkeypatch):
    game, players = started_table()
    watcher = players[(engine_game(game).to_act + 1) % 4]  # not the mover

    async def scenario():
        socket = await table_socket(game.pk, watcher)
        first = await join(socket)
        version = await database_sync_to_async(move_whose_process_dies_after_commit)(
            game, players, monkeypatch
        )
        assert version == first["version"] + 1
        assert await socket.receive_nothing(timeout=1), "the table was told after all"

        await database_sync_to_async(a_sweep_after_the_grace)(game)
        state = await receive(socket)
        assert (state["type"], state["version"]) == ("state", version)

        # told again (the next sweep): this socket has the version and sends nothing
        await database_sync_to_async(a_sweep_after_the_grace)(game)
        assert await socket.receive_nothing(timeout=1)

    run(scenario)


def test_a_quiet_table_whose_sockets_are_up_to_date_gets_no_frame(started_table):
    game, players = started_table()

    async def scenario():
        sockets = [await table_socket(game.pk, player) for player in players]
        for socket in sockets:
            await join(socket)
        await database_sync_to_async(a_sweep_after_the_grace)(game)
        for socket in sockets:
            assert await socket.receive_nothing(timeout=0.5)

    run(scenario)
