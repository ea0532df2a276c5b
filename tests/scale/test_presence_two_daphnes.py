"""Presence across two daphnes (issue 54): a friend opens a page on one daphne, sits at a table
there, leaves it, closes the page; the other player's page, held on the other daphne, is told
each change by its site socket."""

from __future__ import annotations

import pytest
from websockets.asyncio.client import ClientConnection, connect

from games.engine import RuleOptions
from games.lab.load_client import page_origin
from games.lab.site_client import SiteClient
from games.models import Game
from games.tables.services.tables import table_create, table_start
from tests.accounts.friends.pairs import befriend
from tests.games.live.sockets import session_cookie

from .conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_friends_page_on_another_daphne_is_told_where_they_are(cluster, browsers, make_player):
    cluster.env["PRESENCE_GRACE_SECONDS"] = "0.5"
    url_a, url_b = cluster.daphne("daphne_a"), cluster.daphne("daphne_b")
    viewer, friend, stranger = make_player(), make_player(), make_player()
    befriend(viewer, friend)
    game = table_create(
        creator_id=friend.pk, kind=Game.Kind.PUBLIC, rules=RuleOptions(target_score=10)
    )
    table_start(game_id=game.pk, user_id=friend.pk)

    viewers_page = SiteClient(url=url_a, cookie=session_cookie(viewer))
    strangers_page = SiteClient(url=url_a, cookie=session_cookie(stranger))
    friends_page = SiteClient(url=url_b, cookie=session_cookie(friend))
    browsers.call(viewers_page.open())
    browsers.call(strangers_page.open())
    wait_for(lambda: viewers_page.snapshots == 1, what="the viewer's page has its friends")
    assert viewers_page.state_of(friend.pk) == "offline"

    browsers.call(friends_page.open())
    wait_for(lambda: viewers_page.state_of(friend.pk) == "online", what="told: online")
    # the friend's page was told the viewer is online too, in its first list
    wait_for(lambda: friends_page.state_of(viewer.pk) == "online", what="the friend sees me")

    # the friend sits down at their table, on daphne B too
    async def sit(cookie: str) -> ClientConnection:
        return await connect(
            f"{url_b}/ws/tables/{game.pk}/",
            origin=page_origin(url_b),
            additional_headers={"Cookie": cookie},
            proxy=None,
        )

    table_socket = browsers.call(sit(session_cookie(friend)))
    wait_for(lambda: viewers_page.state_of(friend.pk) == "at_table", what="told: at a table")
    assert viewers_page.last_of(friend.pk) == {
        "user": friend.pk,
        "name": friend.display_name,
        "state": "at_table",
        "game": game.pk,
        "watchable": True,  # a public table: anyone signed in may watch it
    }
    browsers.call(table_socket.close())
    wait_for(lambda: viewers_page.state_of(friend.pk) == "online", what="told: left the table")
    browsers.call(friends_page.close())
    wait_for(lambda: viewers_page.state_of(friend.pk) == "away", what="told: away")
    states = [person["state"] for _, person in viewers_page.heard if person["user"] == friend.pk]
    assert states == ["offline", "online", "at_table", "online", "away"], "told once each"
    assert strangers_page.heard == [], "a stranger follows nobody (presence is for friends)"
    browsers.call(viewers_page.close())
    browsers.call(strangers_page.close())
