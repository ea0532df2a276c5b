"""A daphne process killed (SIGKILL) with a game in flight: its players' browsers reconnect to
another daphne and sync, and the game goes on to its end with nothing lost."""

from __future__ import annotations

import pytest

from games.models import Game

from .conftest import WAIT, assert_log_continuous, status_of, version_of, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_players_of_a_killed_daphne_reconnect_to_another_and_the_game_goes_on(
    cluster, browsers, table
):
    url_a = cluster.daphne("daphne_a")
    url_b = cluster.daphne("daphne_b")
    # as on the site: A may die between committing a move and telling the table, and then only
    # the sweeper (beat, run by a worker) tells B's player the version it never heard of
    cluster.worker("worker")
    cluster.beat()
    # to 5 points: at least two hands (a hand gives at most 4), so far from over ten moves in
    game, people = table(humans=4, target_score=5)
    # three people on A (B when A is gone, as a balancer would send them), one on B throughout
    clients = [
        browsers.open(
            game_id=game.pk,
            cookie=cookie,
            urls=[url_a, url_b] if seat < 3 else [url_b, url_a],
            think=(0.01, 0.04),
        )
        for seat, (_, cookie) in enumerate(people)
    ]
    wait_for(lambda: version_of(game) >= 10, what="the game is under way")
    # frozen (SIGSTOP), A passes on nothing more: the game stops at the next turn of one of its
    # three players, and is looked at as it is when A dies
    cluster.freeze("daphne_a")
    assert status_of(game) == Game.Status.PLAYING, "the game ended before daphne A was killed"
    cluster.kill("daphne_a")
    killed_at = version_of(game)

    wait_for(lambda: status_of(game) == Game.Status.FINISHED, timeout=WAIT * 3, what="game over")
    final = version_of(game)
    assert final > killed_at
    wait_for(lambda: all(c.version == final for c in clients), what="every seat saw the end")
    assert_log_continuous(game)
    for client in clients[:3]:
        assert client.connected_to[0] == url_a
        assert client.connected_to[-1] == url_b, "did not move to the live daphne"
        assert 1006 in client.close_codes  # the connection dropped without a close frame
    # B's player kept its one connection until it closed it itself at the end of the game
    assert clients[3].connected_to == [url_b] and set(clients[3].close_codes) <= {1000}
    for client in clients:
        assert client.out_of_order == 0
        # a move sent just as A died may be answered "stale" on B; nothing else goes wrong
        assert set(client.errors) <= {"stale_version"}
