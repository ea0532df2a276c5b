"""Where a player is, in the real Redis (games/live/services/presence_places.py): each change
of place is told to the player's followers once, never at a heartbeat that changes nothing; a
closed last page says "away" only after the grace period; a dead daphne's place lapses."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.live.services.presence import online_key
from games.live.services.presence_places import (
    AT_TABLE,
    AWAY,
    OFFLINE,
    ONLINE,
    WATCHING,
    Presence,
    places_key,
    presence_group,
    presence_place_add,
    presence_place_remove,
    presence_read_many,
    presence_settle_now,
    site_place,
    table_place,
    told_key,
    watch_place,
)
from games.live.services.socket_beats import socket_beat_start, socket_beat_stop

pytestmark = [pytest.mark.services]

PLAYER = 991_001  # ids no test's player has
OTHER = 991_002


@pytest.fixture
def clean(redis_client):
    def wipe() -> None:
        for user_id in (PLAYER, OTHER):
            redis_client.delete(places_key(user_id), told_key(user_id))
            redis_client.zrem(online_key(), str(user_id))

    wipe()
    yield
    wipe()


async def follower(user_id: int) -> tuple[Any, str]:
    """A channel in the player's presence group: what their friends' sockets hear."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(presence_group(user_id), channel)
    return layer, channel


async def heard(layer: Any, channel: str, timeout: float = 3) -> dict[str, Any] | None:
    try:
        return await asyncio.wait_for(layer.receive(channel), timeout)
    except TimeoutError:
        return None


def state_of(message: dict[str, Any] | None) -> tuple[str, Any, Any] | None:
    if message is None:
        return None
    return message["state"], message.get("game"), message["watchable"]


def test_each_change_of_place_is_told_once_and_a_beat_tells_nothing(clean, settings):
    settings.PRESENCE_GRACE_SECONDS = 0.3

    async def scenario() -> None:
        layer, channel = await follower(PLAYER)
        page, table = site_place("page-1"), table_place("table-1", game_id=42, watchable=True)
        await presence_place_add(user_id=PLAYER, place=page)
        assert state_of(await heard(layer, channel)) == (ONLINE, None, False)
        await presence_place_add(user_id=PLAYER, place=page)  # its heartbeat: no news
        await presence_place_add(user_id=PLAYER, place=table)
        assert state_of(await heard(layer, channel)) == (AT_TABLE, 42, True)
        # the table closes, the page stays: online again at once
        await presence_place_remove(user_id=PLAYER, place=table)
        assert state_of(await heard(layer, channel)) == (ONLINE, None, False)
        # the page closes and another opens within the grace period: nothing to tell
        await presence_place_remove(user_id=PLAYER, place=page)
        await presence_place_add(user_id=PLAYER, place=site_place("page-2"))
        assert await heard(layer, channel, timeout=0.8) is None
        # the last page closes: away, once the grace period is over
        await presence_place_remove(user_id=PLAYER, place=site_place("page-2"))
        assert state_of(await heard(layer, channel)) == (AWAY, None, False)
        await layer.group_discard(presence_group(PLAYER), channel)

    async_to_sync(scenario)()


def test_the_best_place_wins_and_many_are_read_in_one_go(clean):
    async def scenario() -> None:
        await presence_place_add(user_id=PLAYER, place=site_place("page"))
        await presence_place_add(user_id=PLAYER, place=watch_place("watch", game_id=7))
        await presence_place_add(user_id=OTHER, place=watch_place("watch-2", game_id=8))
        await presence_place_add(user_id=OTHER, place=table_place("t", game_id=9, watchable=False))

    async_to_sync(scenario)()
    assert presence_read_many([PLAYER, OTHER, 991_999]) == {
        PLAYER: Presence(WATCHING, 7),
        OTHER: Presence(AT_TABLE, 9, False),
        991_999: Presence(OFFLINE),
    }
    assert presence_read_many([]) == {}


def test_a_killed_daphnes_place_lapses_and_the_next_beat_tells_it(clean, redis_client, settings):
    """A table socket's daphne died (its place is no longer beaten): the player's page's next
    heartbeat, through the loop's pipeline of beats, finds them online, not at the table."""
    settings.GAME_SOCKET_HEARTBEAT_SECONDS = 0.3

    async def scenario() -> None:
        layer, channel = await follower(PLAYER)
        await presence_place_add(user_id=PLAYER, place=site_place("page"))
        await presence_place_add(user_id=PLAYER, place=table_place("t", game_id=5, watchable=True))
        assert state_of(await heard(layer, channel)) == (ONLINE, None, False)
        assert state_of(await heard(layer, channel)) == (AT_TABLE, 5, True)
        # the table socket's place was last beaten long ago
        redis_client.zadd(places_key(PLAYER), {"t:5:1|t": 1}, xx=True)
        beat = socket_beat_start(slot=None, user_id=PLAYER, game_id=0, member="page")
        beat.place = site_place("page")
        assert state_of(await heard(layer, channel)) == (ONLINE, None, False)
        await socket_beat_stop(beat)
        await layer.group_discard(presence_group(PLAYER), channel)

    async_to_sync(scenario)()


def test_away_then_offline_as_the_last_sighting_ages(clean, redis_client):
    assert presence_read_many([PLAYER]) == {PLAYER: Presence(OFFLINE)}
    async_to_sync(presence_place_add)(user_id=PLAYER, place=site_place("page"))
    async_to_sync(presence_place_remove)(user_id=PLAYER, place=site_place("page"))
    assert presence_read_many([PLAYER]) == {PLAYER: Presence(AWAY)}
    assert presence_settle_now(user_id=PLAYER) == Presence(AWAY)
    assert presence_settle_now(user_id=PLAYER) is None  # told already
    redis_client.zadd(online_key(), {str(PLAYER): 1})  # seen in 1970
    assert presence_read_many([PLAYER]) == {PLAYER: Presence(OFFLINE)}
    assert json.loads(json.dumps(Presence(AT_TABLE, 3, True).as_json())) == {
        "state": "at_table",
        "game": 3,
        "watchable": True,
    }


def test_python_tells_the_same_message_when_the_script_may_not_publish(clean, monkeypatch):
    """With the site's layer the script publishes a change itself; with a layer it cannot
    write for (encrypted, sharded), Python sends it: the followers hear the same."""
    from games.live.services import presence_places

    assert presence_places._layer_group_prefix() is not None  # the script publishes here
    heard_by_way: list[dict[str, Any]] = []

    async def scenario() -> None:
        layer, channel = await follower(PLAYER)
        place = table_place("t", game_id=11, watchable=False)
        for _ in range(2):  # by the script, then by Python
            await presence_place_add(user_id=PLAYER, place=place)
            heard_by_way.append(await heard(layer, channel))
            await presence_place_add(user_id=PLAYER, place=site_place("p"))
            await presence_place_remove(user_id=PLAYER, place=place)
            assert state_of(await heard(layer, channel)) == (ONLINE, None, False)
            await presence_place_remove(user_id=PLAYER, place=site_place("p"))
            monkeypatch.setattr(presence_places, "_layer_group_prefix", lambda: None)
        await layer.group_discard(presence_group(PLAYER), channel)

    async_to_sync(scenario)()
    assert (
        heard_by_way[0]
        == heard_by_way[1]
        == {
            "type": "presence.changed",
            "user": PLAYER,
            "state": AT_TABLE,
            "game": 11,
            "watchable": False,
        }
    )
