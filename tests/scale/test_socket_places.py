"""The sockets a player may hold are counted across daphne processes, and a daphne killed with
its sockets open holds their places only until its entries go stale."""

from __future__ import annotations

import pytest

from games.live.services.socket_slots import player_sockets_key

from .conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_place_held_on_one_daphne_counts_on_another_until_that_daphne_is_killed(
    cluster, browsers, table, redis_client
):
    # one socket a player; beats every 2 s, stale after 6 s
    cluster.env.update(GAME_SOCKETS_PER_PLAYER="1", GAME_SOCKET_HEARTBEAT_SECONDS="2")
    first_url = cluster.daphne("first")
    second_url = cluster.daphne("second")
    game, people = table(humans=1)
    (player, cookie) = people[0]

    holder = browsers.open(
        game_id=game.pk, cookie=cookie, urls=[first_url], autoplay=False, reconnect=False
    )
    wait_for(lambda: holder.state, what="the first socket is open")
    # the page of a second tab, on the other daphne, retries as the load generator does
    second_tab = browsers.open(game_id=game.pk, cookie=cookie, urls=[second_url], autoplay=False)
    wait_for(lambda: 4029 in second_tab.close_codes, what="the second tab is refused")
    assert "too_many_sockets" in second_tab.errors
    assert second_tab.state is None
    wait_for(lambda: second_tab.close_codes.count(4029) >= 3, what="refused while it is held")
    assert second_tab.state is None

    cluster.kill("first")  # SIGKILL: its socket never says goodbye
    assert redis_client.zcard(player_sockets_key(player.pk)) == 1
    wait_for(lambda: second_tab.state, what="the dead daphne's place expires")
    assert second_tab.state["my_seat"] == 0
