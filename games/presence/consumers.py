"""The site socket (/ws/site/): one per open page of a signed-in player. It holds the player's
place as "online" (presence_places: heartbeats keep it), follows the presence of the friends
who let them see it (one channel-layer group per friend, so a change is one PUBLISH that Redis
hands only to the daphnes with a follower), and carries live messages for the player (the
`site.<id>` group: services.site_tell_on_commit). It reads nothing from the page.

Sent to the page: {"type": "presence", "full": true|false, "people": [{"user", "name",
"state", "game", "watchable"}]} (full: everyone followed, at connect and when the friends
changed), and {"type": "site", "event": {...}}.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from games.live.consumer_threads import on_any_thread
from games.live.services.presence_places import (
    presence_group,
    presence_place_add,
    presence_place_remove,
    presence_read_many_async,
    site_place,
)
from games.live.services.socket_beats import SocketBeat, socket_beat_start, socket_beat_stop

from .selectors import followed_friends
from .services import site_group

logger = logging.getLogger(__name__)

CLOSE_NOT_LOGGED_IN = 4401
# changes heard within this long go to the page in one frame: a page following busy friends
# costs its daphne a frame per batch, not per change (well within the 2 s a change may take)
BATCH_SECONDS = 0.25


class SiteConsumer(AsyncWebsocketConsumer):
    user_id: int
    following: dict[int, str]  # friend's id: name
    place: str | None = None
    heartbeat: SocketBeat | None = None
    waiting: dict[int, dict[str, Any]]  # changes heard, by friend, for the next frame
    batch: asyncio.TimerHandle | None = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        # as the table socket's: no hop to channels' sync thread for every message
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        self.user_id = user.pk
        self.following = {}
        self.waiting = {}
        await self.channel_layer.group_add(site_group(self.user_id), self.channel_name)
        await self.accept()
        self.place = site_place(self.channel_name)
        self.heartbeat = socket_beat_start(
            slot=None, user_id=self.user_id, game_id=0, member=self.channel_name
        )
        self.heartbeat.place = self.place
        await presence_place_add(user_id=self.user_id, place=self.place)
        await self.follow()

    async def follow(self) -> None:
        """Follows the friends who let me see them (and no one else), and sends them all."""
        friends = dict(await on_any_thread(followed_friends)(viewer_id=self.user_id))
        for gone in self.following.keys() - friends.keys():
            await self.channel_layer.group_discard(presence_group(gone), self.channel_name)
        for added in friends.keys() - self.following.keys():
            await self.channel_layer.group_add(presence_group(added), self.channel_name)
        self.following = friends
        self.waiting.clear()  # the list read now is newer
        states = await presence_read_many_async(list(friends))
        people = [
            {"user": friend_id, "name": name, **states[friend_id].as_json()}
            for friend_id, name in friends.items()
        ]
        await self.send_json({"type": "presence", "full": True, "people": people})

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "user_id"):
            return
        if self.batch is not None:
            self.batch.cancel()
        await self.channel_layer.group_discard(site_group(self.user_id), self.channel_name)
        for friend_id in self.following:
            await self.channel_layer.group_discard(presence_group(friend_id), self.channel_name)
        heartbeat, self.heartbeat = self.heartbeat, None
        if heartbeat is not None:
            await socket_beat_stop(heartbeat)
        place, self.place = self.place, None
        if place is not None:
            try:
                await presence_place_remove(user_id=self.user_id, place=place)
            except Exception:  # Redis away: the place lapses unbeaten
                logger.warning("site socket: could not give its place back", exc_info=True)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page says nothing that matters; whatever it sends is dropped."""

    async def presence_changed(self, event: dict[str, Any]) -> None:
        name = self.following.get(event["user"])
        if name is None:  # no longer followed (a message already on its way)
            return
        # published by Redis's script: no "game" when there is none (presence_places)
        person = {
            "user": event["user"],
            "name": name,
            "state": event["state"],
            "game": event.get("game"),
            "watchable": event["watchable"],
        }
        self.waiting[person["user"]] = person
        if self.batch is None:
            loop = asyncio.get_running_loop()
            self.batch = loop.call_later(BATCH_SECONDS, lambda: loop.create_task(self.send_batch()))

    async def send_batch(self) -> None:
        self.batch = None
        people, self.waiting = list(self.waiting.values()), {}
        if people:
            await self.send_json({"type": "presence", "full": False, "people": people})

    async def friends_changed(self, event: dict[str, Any]) -> None:
        await self.follow()

    async def site_message(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "site", "event": event["event"]})

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
