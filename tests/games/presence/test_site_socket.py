"""The site socket (/ws/site/) through the real ASGI application and channel layer: signed-in
players only; its first list holds the friends who let them be seen; a friendship made or
ended while it is open changes whom it follows; a message for the player reaches it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.friends.services import friendship_remove
from accounts.models import Audience
from euchre_site.asgi import application
from games.live.services.presence_places import places_key, told_key
from games.presence.services import site_tell_on_commit
from tests.accounts.friends.pairs import befriend
from tests.games.live.sockets import run, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


async def site_socket(user) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if user is not None:
        cookie = await sync_to_async(session_cookie)(user)
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, "/ws/site/", headers=headers)


async def next_message(socket: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await socket.receive_from(timeout=5))


def people(message: dict[str, Any]) -> dict[str, str]:
    return {person["name"]: person["state"] for person in message["people"]}


@pytest.fixture
def forget(redis_client):
    users: list[int] = []
    yield users.append
    for user_id in users:
        redis_client.delete(places_key(user_id), told_key(user_id))


def test_a_page_follows_its_friends_and_hears_what_is_meant_for_it(make_player, forget, settings):
    settings.PRESENCE_GRACE_SECONDS = 0.2
    me, ann, hal = make_player("Me"), make_player("Ann"), make_player("Hal")
    hal.presence_visible_to = Audience.NOBODY
    hal.save(update_fields=["presence_visible_to"])
    for person in (me, ann, hal):
        forget(person.pk)
    befriend(me, ann)
    befriend(me, hal)

    async def scenario() -> None:
        refused = await site_socket(None)
        connected, code = await refused.connect(timeout=10)
        assert not connected and code == 4401

        mine = await site_socket(me)
        assert (await mine.connect(timeout=10))[0]
        first = await next_message(mine)
        assert first["full"] is True and people(first) == {"Ann": "offline"}  # not Hal
        anns = await site_socket(ann)
        assert (await anns.connect(timeout=10))[0]
        assert people(await next_message(anns)) == {"Me": "online"}
        told = await next_message(mine)
        assert told["full"] is False and people(told) == {"Ann": "online"}

        # the friendship ends: both pages follow again, and Ann's goings are no longer told
        await sync_to_async(friendship_remove)(user_id=me.pk, friend_id=ann.pk)
        again = await next_message(mine)
        assert again["full"] is True and people(again) == {}
        assert people(await next_message(anns)) == {}
        await anns.disconnect()
        await sync_to_async(site_tell_on_commit)(
            user_id=me.pk, event={"type": "challenge", "from": ann.pk}
        )
        assert await next_message(mine) == {
            "type": "site",
            "event": {"type": "challenge", "from": ann.pk},
        }
        assert await mine.receive_nothing(timeout=0.6)  # Ann's "away" is not for me now
        await mine.disconnect()

    run(scenario)
