"""A table socket's place among its player's and address's open sockets, its share of its
player's message budget, and its closing for flooding: the part of `TableConsumer`
(consumers.py, and the watchers' games/watch/consumers.py) that counts sockets and messages in Redis
(services/socket_slots.py, services/message_budget.py). A mixin, so that each file stays
readable; it holds no state itself.
"""

from __future__ import annotations

import logging

from redis.exceptions import RedisError

from .services.message_budget import player_budget_join, player_budget_leave
from .services.presence_places import presence_place_add, presence_place_remove
from .services.socket_beats import socket_beat_start, socket_beat_stop
from .services.socket_slots import (
    SocketsCoolingDown,
    TooManySockets,
    flood_cooldown_start,
    socket_slot_release,
    socket_slot_take,
)

logger = logging.getLogger(__name__)

CLOSE_FLOODING = 4008
CLOSE_TOO_MANY_SOCKETS = 4029


class SocketPlaces:
    async def take_slot(self) -> bool:
        """Counts this socket among its player's and address's (refused, with the reason, past
        the limits) and keeps it counted while open."""
        client = self.scope.get("client")  # (address, port); behind a proxy, --proxy-headers
        try:
            self.slot = await socket_slot_take(
                user_id=self.user_id,
                address=client[0] if client else None,
                member=self.channel_name,
            )
        except TooManySockets as refused:
            await self.refuse(refused.code, refused.message, CLOSE_TOO_MANY_SOCKETS)
            return False
        except SocketsCoolingDown as refused:  # the page tries again when told, by itself
            await self.refuse(
                refused.code, refused.message, CLOSE_FLOODING, retry_after=refused.seconds_left
            )
            return False
        self.heartbeat = socket_beat_start(
            slot=self.slot,
            user_id=self.user_id,
            game_id=self.game_id,
            # a player's socket is told the table's watcher count at each beat
            on_watchers=self.send_watchers if self.beat_tells_watchers else None,
        )
        self.budget = player_budget_join(self.user_id)  # its player's messages, every socket
        return True

    async def take_presence_place(self, place: str) -> None:
        """My player is here (their friends are told if that is news); the heartbeats keep it."""
        self.presence_place = place
        if self.heartbeat is not None:
            self.heartbeat.place = place
        await presence_place_add(user_id=self.user_id, place=place)

    async def leave_slot(self) -> None:
        budget, self.budget = self.budget, None
        if budget is not None:
            player_budget_leave(budget)
        heartbeat, self.heartbeat = self.heartbeat, None
        if heartbeat is not None:
            await socket_beat_stop(heartbeat)
        place, self.presence_place = self.presence_place, None
        if place is not None:
            try:
                await presence_place_remove(user_id=self.user_id, place=place)
            except Exception:  # Redis away: the place lapses unbeaten
                logger.warning("table socket: presence place not given back", exc_info=True)
        slot, self.slot = self.slot, None
        if slot is None:
            return
        try:
            await socket_slot_release(slot)
        except Exception:  # Redis away: the entry expires unbeaten (socket_slots.STALE_HEARTBEATS)
            logger.warning("table socket: could not give its place back", exc_info=True)

    async def close_flooding(self) -> None:
        """Out of strikes: says so, with how long the player's new sockets will be refused,
        and closes."""
        try:
            session = self.scope.get("session")
            cooldown = await flood_cooldown_start(
                user_id=self.user_id, session_key=session.session_key if session else None
            )
        except (RedisError, OSError):  # Redis away: the socket is closed all the same
            logger.warning("table socket: could not start the flood cool-down", exc_info=True)
            cooldown = 0
        await self.send_error(
            "flooding",
            "Too many refused messages: this connection is closed.",
            retry_after=cooldown or None,
        )
        await self.close(code=CLOSE_FLOODING)
