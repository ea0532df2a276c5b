"""The load generator's own tables: made through the site's services, and closed when a run
ends or, left in play by a run that was killed, when the next one starts."""

from __future__ import annotations

import pytest

from games.lab.loadgen import close_tables_left, make_players, open_table
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)  # open_table closes old connections


def test_a_new_run_closes_the_tables_a_killed_run_left_in_play(started_table):
    players = make_players(2, "earlier")
    left = [open_table([user_id], target_score=10) for user_id, _ in players]
    somebody_elses, _ = started_table()  # people's table on the same database: not the load's

    assert close_tables_left() == 2

    for game_id in left:
        game = Game.objects.get(pk=game_id)
        assert game.status == Game.Status.FINISHED
        assert game.turn_deadline is None and game.finished_at is not None
    somebody_elses.refresh_from_db()
    assert somebody_elses.status == Game.Status.PLAYING
    assert close_tables_left() == 0  # nothing left the second time
