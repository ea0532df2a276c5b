"""Whose presence a player sees (games/presence/selectors.py) with the real Redis: the privacy
setting honoured (friends, everyone, nobody), the lobby's "who is here" and the friends page's
first picture, each in a fixed number of queries however many friends; the friends' sockets
told when friendships or a friend's setting change."""

from __future__ import annotations

import asyncio
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.urls import reverse

from accounts.friends.models import Friendship
from accounts.friends.services import friendship_remove
from accounts.models import Audience, User
from accounts.services.blocks import account_block
from accounts.services.settings import privacy_settings_update
from games.live.services.presence import online_key
from games.live.services.presence_places import (
    AT_TABLE,
    AWAY,
    OFFLINE,
    ONLINE,
    Presence,
    places_key,
    presence_place_add,
    site_place,
    table_place,
    told_key,
)
from games.presence.selectors import (
    followed_friends,
    friends_presence,
    presence_of_players,
    who_is_here,
)
from games.presence.services import site_group, site_tell_on_commit
from tests.accounts.friends.pairs import befriend

pytestmark = [pytest.mark.django_db, pytest.mark.services]


@pytest.fixture
def place(redis_client):
    """Puts players in places as their sockets would; forgets them afterwards (and empties the
    online set, which the lobby counts)."""
    placed: list[int] = []
    redis_client.delete(online_key())

    def put(user: User, where: str) -> None:
        placed.append(user.pk)
        async_to_sync(presence_place_add)(user_id=user.pk, place=where)

    yield put
    for user_id in placed:
        redis_client.delete(places_key(user_id), told_key(user_id))
    redis_client.delete(online_key())


def test_each_players_setting_decides_who_sees_them(make_player, place):
    me, friend, stranger = make_player("Me"), make_player("Fay"), make_player("Sam")
    open_friend = make_player("Ola", presence_visible_to=Audience.EVERYONE)
    hidden_friend = make_player("Hal", presence_visible_to=Audience.NOBODY)
    public_stranger = make_player("Pam", presence_visible_to=Audience.EVERYONE)
    for other in (friend, open_friend, hidden_friend):
        befriend(me, other)
    everyone = [me, friend, stranger, open_friend, hidden_friend, public_stranger]
    for person in everyone:
        place(person, site_place(f"page-{person.pk}"))
    seen = presence_of_players(viewer_id=me.pk, user_ids=[p.pk for p in everyone])
    assert set(seen) == {me.pk, friend.pk, open_friend.pk, public_stranger.pk}
    assert all(presence == Presence(ONLINE) for presence in seen.values())
    # the stranger sees only those who show themselves to everyone (and themself)
    seen = presence_of_players(viewer_id=stranger.pk, user_ids=[p.pk for p in everyone])
    assert set(seen) == {stranger.pk, open_friend.pk, public_stranger.pk}
    assert [name for _, name in followed_friends(viewer_id=me.pk)] == ["Fay", "Ola"]
    # a blocked player is nobody's business, their friendships ended with the block
    account_block(user_id=public_stranger.pk)
    assert public_stranger.pk not in presence_of_players(
        viewer_id=me.pk, user_ids=[public_stranger.pk]
    )
    assert presence_of_players(viewer_id=me.pk, user_ids=[]) == {}


def test_who_is_here_lists_friends_at_tables_first_then_counts_the_others(make_player, place):
    me, ann, bob, cid, dee = (make_player(n) for n in ("Me", "Ann", "Bob", "Cid", "Dee"))
    for friend in (ann, bob, cid, dee):
        befriend(me, friend)
    strangers = [make_player() for _ in range(3)]
    place(me, site_place("mine"))
    place(ann, site_place("ann"))
    place(bob, table_place("bob", game_id=77, watchable=True))
    place(cid, site_place("cid"))
    async_to_sync(_close)(cid, "cid")  # away: not listed, and not counted among the others
    for stranger in strangers:
        place(stranger, site_place(f"s{stranger.pk}"))
    here = who_is_here(viewer_id=me.pk)
    assert [(row.name, row.presence.state) for row in here.friends] == [
        ("Bob", AT_TABLE),
        ("Ann", ONLINE),
    ]
    assert here.friends[0].presence.game_id == 77
    # the three strangers: not Cid, away (the online set counts the last minutes)
    assert here.others == 3
    states = {row.name: row.presence.state for row in friends_presence(viewer_id=me.pk)}
    assert states == {"Ann": ONLINE, "Bob": AT_TABLE, "Cid": AWAY, "Dee": OFFLINE}


async def _close(user: User, page: str) -> None:
    from games.live.services.presence_places import presence_place_remove

    await presence_place_remove(user_id=user.pk, place=site_place(page))


def many_friends(me: User, count: int) -> list[User]:
    others = User.objects.bulk_create(
        User(email=f"pf{me.pk}-{n}@example.com", display_name=f"Pal {me.pk}-{n}")
        for n in range(count)
    )
    Friendship.objects.bulk_create(
        row
        for other in others
        for row in (Friendship(user=me, friend=other), Friendship(user=other, friend=me))
    )
    return others


def test_the_lobby_shows_who_is_here_in_as_many_queries_for_200_friends_as_for_2(
    client, make_player, place, django_assert_max_num_queries
):
    few, many = make_player("Few"), make_player("Many")
    counts = []
    for me, count in ((few, 2), (many, 200)):
        friends = many_friends(me, count)
        place(friends[0], table_place(f"t{me.pk}", game_id=900 + me.pk, watchable=True))
        place(friends[1], table_place(f"p{me.pk}", game_id=800 + me.pk, watchable=False))
        client.force_login(me)
        client.get(reverse("games:lobby"))  # the day's first page counts the daily visit
        with django_assert_max_num_queries(20) as captured:
            html = client.get(reverse("games:lobby")).content.decode()
        counts.append(len(captured))
        here = html[html.index('id="who-is-here"') :]
        here = here[: here.index('id="live-now"')]
        # a friend at a public table may be watched; at a private one, not from here
        assert f'href="{reverse("games:watch", args=[900 + me.pk])}"' in here
        assert reverse("games:watch", args=[800 + me.pk]) not in here
        assert here.count("data-presence-of=") == 2
    assert counts[0] == counts[1]


def test_the_friends_page_carries_its_friends_presence_in_as_many_queries_for_200_as_for_2(
    client, make_player, place, django_assert_max_num_queries
):
    few, many = make_player("Few"), make_player("Many")
    counts = []
    for me, count in ((few, 2), (many, 200)):
        friends = many_friends(me, count)
        place(friends[0], site_place(f"f{me.pk}"))
        client.force_login(me)
        client.get(reverse("friends:list"))
        with django_assert_max_num_queries(12) as captured:
            html = client.get(reverse("friends:list")).content.decode()
        counts.append(len(captured))
        first = re.search(r'id="presence-initial"[^>]*>(.*?)</script>', html, re.S)
        assert first is not None
        assert f'"{friends[0].pk}": {{"user": {friends[0].pk}' in first.group(1)
        assert '"state": "online"' in first.group(1)
        assert html.count("data-presence-of=") == count
    assert counts[0] == counts[1]


async def drain(layer, channel: str, inbox: asyncio.Queue) -> None:
    """A channel's messages into a queue (a cancelled receive would leave its groups)."""
    while True:
        inbox.put_nowait(await layer.receive(channel))


def test_friendships_and_settings_changing_tell_the_sockets_to_follow_again(
    make_player, django_capture_on_commit_callbacks
):
    me, ann, bob = make_player("Me"), make_player("Ann"), make_player("Bob")

    def committed(change) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            change()

    async def scenario() -> None:
        layer = get_channel_layer()
        channels, inboxes, drains = {}, {}, []
        for person in (me, ann, bob):
            channels[person.pk] = await layer.new_channel()
            await layer.group_add(site_group(person.pk), channels[person.pk])
            inboxes[person.pk] = asyncio.Queue()
            drains.append(
                asyncio.create_task(drain(layer, channels[person.pk], inboxes[person.pk]))
            )

        async def heard(person: User) -> list[str]:
            await asyncio.sleep(0.5)
            found = []
            while not inboxes[person.pk].empty():
                found.append(inboxes[person.pk].get_nowait()["type"])
            return found

        await sync_to_async(committed)(lambda: befriend(me, ann))
        assert await heard(me) == ["friends.changed"]
        assert await heard(ann) == ["friends.changed"]
        await sync_to_async(committed)(
            lambda: privacy_settings_update(
                user_id=ann.pk, presence_visible_to=Audience.NOBODY, challenges_from="friends"
            )
        )
        assert await heard(me) == ["friends.changed"]  # Ann's friends follow again
        assert await heard(bob) == []

        def remove_and_tell() -> None:
            friendship_remove(user_id=ann.pk, friend_id=me.pk)
            site_tell_on_commit(user_id=bob.pk, event={"type": "challenge", "from": me.pk})

        await sync_to_async(committed)(remove_and_tell)
        assert await heard(me) == ["friends.changed"]
        assert await heard(bob) == ["site.message"]
        for person in (me, ann, bob):
            await layer.group_discard(site_group(person.pk), channels[person.pk])
        for task in drains:
            task.cancel()

    async_to_sync(scenario)()
    with pytest.raises(ValueError, match="type"):
        site_tell_on_commit(user_id=bob.pk, event={"from": me.pk})
