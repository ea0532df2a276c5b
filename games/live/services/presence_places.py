"""Where each player is (issue 54): online, at a table, watching one, away or offline, kept in
Redis across every daphne and told to those who follow the player only when it changes.

Each open socket of a player holds a place in the player's sorted set, scored by its last
heartbeat (Redis's clock) as the socket slots are: a site socket (every page holds one,
games/presence/consumers.py) "s", a table socket "t:<game>:<1 if anyone may watch it>", a
watch socket "w:<game>", each followed by "|<the socket's channel name>". The player's state
is the best place held (a table, then watching, then a page); with none, "away" while seen in
the last ONLINE_SECONDS (presence.online_key), else "offline". A place older than
STALE_HEARTBEATS heartbeats (its daphne was killed) is dropped before reading.

The state last told is kept beside the set; a change of place (a socket opening, closing or
beating) returns the new state only when it differs, so a heartbeat publishes nothing unless a
killed daphne's place has just lapsed. A socket closing never says "away" itself: the page
that opens next (a click away) would say "online" a moment later, so the closing socket
settles the state after PRESENCE_GRACE_SECONDS instead (presence_settle).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from dataclasses import dataclass
from typing import Any

import redis
from channels.layers import get_channel_layer
from channels_redis.serializers import MsgPackSerializer
from django.conf import settings

from .loop_redis import loop_redis
from .presence import ONLINE_SECONDS, online_key
from .socket_slots import stale_after_ms

logger = logging.getLogger(__name__)

ONLINE = "online"
AT_TABLE = "at_table"
WATCHING = "watching"
AWAY = "away"
OFFLINE = "offline"
SETTLE = "settle"  # a socket closed and no place is left: settle after the grace period
WRITE_BATCH_SECONDS = 0.05  # a loop's changes of place wait this long to share a pipeline

# The state from a player's places (KEYS[i]) fresh since `fresh` (ms) and when they were
# last seen: the best place, 'away' or 'offline'.
_DERIVE = """
local function derive(places, fresh, seen, away_since)
  local best = nil
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', places, fresh, '+inf')) do
    local place = string.match(member, '^([^|]*)')
    local kind = string.sub(place, 1, 1)
    if kind == 't' then return place end
    if kind == 'w' then best = place
    elseif best == nil then best = 'online' end
  end
  if best then return best end
  if seen and tonumber(seen) >= away_since then return 'away' end
  return 'offline'
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
"""

# KEYS: the player's places, the state last told, the online set; ARGV: 'add', 'remove' or
# 'settle', the place, stale after (ms), online for (ms), the user's id, and the channel
# layer's channel of the player's followers ('' for none).
# Returns the new state when it differs from the one last told (and keeps it), else nil;
# SETTLE for a removal that leaves no place. Given a channel, the script publishes the change
# there itself, as the channel layer would (msgpack), and returns it after a '=': a change
# costs one round trip (a PUBLISH of its own cost as much CPU again as the script).
_CHANGE = (
    _DERIVE
    + """
local stale_ms = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - stale_ms)
if ARGV[1] == 'add' then
  redis.call('ZADD', KEYS[1], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[1], stale_ms)
  redis.call('ZADD', KEYS[3], now, ARGV[5])
elseif ARGV[1] == 'remove' then
  redis.call('ZREM', KEYS[1], ARGV[2])
  if redis.call('EXISTS', KEYS[1]) == 0 then return 'settle' end
end
local seen = redis.call('ZSCORE', KEYS[3], ARGV[5])
local state = derive(KEYS[1], now - stale_ms, seen, now - tonumber(ARGV[4]))
if redis.call('GET', KEYS[2]) == state then return nil end
redis.call('SET', KEYS[2], state, 'PX', tonumber(ARGV[4]) * 2)
if ARGV[6] == '' then return state end
local message = {type = 'presence.changed', user = tonumber(ARGV[5]), state = state,
                 watchable = false}
local kind = string.sub(state, 1, 2)
if kind == 't:' then
  local game, watchable = string.match(state, '^t:(%d+):(%d)$')
  message.state, message.game, message.watchable = 'at_table', tonumber(game), watchable == '1'
elseif kind == 'w:' then
  message.state, message.game = 'watching', tonumber(string.match(state, '^w:(%d+)'))
end
redis.call('PUBLISH', ARGV[6], cmsgpack.pack(message))
return '=' .. state
"""
)

# KEYS: the online set, then each player's places; ARGV: stale after (ms), online for (ms),
# then each player's id. Returns each player's state, in order. Reads only.
_READ = (
    _DERIVE
    + """
local fresh = now - tonumber(ARGV[1])
local away_since = now - tonumber(ARGV[2])
local states = {}
for i = 2, #KEYS do
  local seen = redis.call('ZSCORE', KEYS[1], ARGV[i + 1])
  states[#states + 1] = derive(KEYS[i], fresh, seen, away_since)
end
return states
"""
)


@dataclass(frozen=True)
class Presence:
    """A player's state as others may see it. `game_id`: the table they play or watch."""

    state: str  # ONLINE, AT_TABLE, WATCHING, AWAY, OFFLINE
    game_id: int | None = None
    watchable: bool = False  # at a table anyone signed in may watch

    def as_json(self) -> dict[str, Any]:
        return {"state": self.state, "game": self.game_id, "watchable": self.watchable}


def presence_decode(state: str) -> Presence:
    """The scripts' spelling: 'online', 't:12:1', 'w:12', 'away', 'offline'."""
    kind, _, rest = state.partition(":")
    if kind == "t":
        game, _, watchable = rest.partition(":")
        return Presence(AT_TABLE, int(game), watchable == "1")
    if kind == "w":
        return Presence(WATCHING, int(rest.partition(":")[0]))
    return Presence(state)


def places_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:places:{user_id}"


def told_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:presence-told:{user_id}"


def presence_group(user_id: int) -> str:
    """The sockets that follow a player's presence (their friends' site sockets)."""
    return f"presence.{user_id}"


def site_place(channel_name: str) -> str:
    return f"s|{channel_name}"


def table_place(channel_name: str, *, game_id: int, watchable: bool) -> str:
    return f"t:{game_id}:{int(watchable)}|{channel_name}"


def watch_place(channel_name: str, *, game_id: int) -> str:
    return f"w:{game_id}|{channel_name}"


def _arguments(op: str, *, user_id: int, place: str) -> tuple[Any, ...]:
    keys = (places_key(user_id), told_key(user_id), online_key())
    prefix = _layer_group_prefix()
    channel = f"{prefix}{presence_group(user_id)}" if prefix is not None else ""
    return (
        *(_CHANGE, 3, *keys),
        *(op, place, stale_after_ms(), ONLINE_SECONDS * 1000, user_id, channel),
    )


@functools.cache
def _layer_group_prefix() -> str | None:
    """Where the channel layer publishes a group's messages, when the script may publish as
    it does: one Redis (the site's), plain msgpack. None: Python sends them."""
    layer = get_channel_layer()
    serializer = getattr(layer, "_serializer", None)
    namer = getattr(layer, "_sync_namer", None)
    if (
        namer is None
        or not isinstance(serializer, MsgPackSerializer)
        or serializer.crypter is not None
        or serializer.random_prefix_length
    ):
        return None
    shards = namer()._shards
    if len(shards) != 1 or shards[0].host.get("address") != settings.REDIS_URL:
        return None
    return str(namer()._get_group_channel_name(""))


def presence_place_queue(pipe: Any, *, user_id: int, place: str) -> None:
    """A socket's heartbeat as one command of a pipeline (socket_beats): its place is fresh,
    its player seen. Its reply is the changed state or None (presence_told)."""
    pipe.eval(*_arguments("add", user_id=user_id, place=place))


def presence_changed(reply: Any) -> Presence | None:
    """The script's reply as a state to tell, if any (None too when the script told it)."""
    if reply is None:
        return None
    state = reply.decode() if isinstance(reply, bytes) else str(reply)
    return None if state == SETTLE or state.startswith("=") else presence_decode(state)


def _state_of(reply: Any) -> Presence | None:
    """The script's reply as the new state, whoever tells it."""
    if reply is None:
        return None
    state = (reply.decode() if isinstance(reply, bytes) else str(reply)).removeprefix("=")
    return None if state == SETTLE else presence_decode(state)


@dataclass
class _Writes:
    """The changes of an event loop's sockets waiting for their pipeline, and its replies."""

    changes: list[tuple[str, int, str]]
    replies: asyncio.Future[list[Any]]


_writes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Writes] = weakref.WeakKeyDictionary()


async def _change(op: str, *, user_id: int, place: str) -> Any:
    """The script for one change, in the pipeline of every change the loop's sockets make
    within WRITE_BATCH_SECONDS: a round trip of redis-py's asyncio client costs a daphne some
    150 us of CPU however little it carries (docs/benchmarks.md, "Presence")."""
    loop = asyncio.get_running_loop()
    writes = _writes.get(loop)
    if writes is None:
        writes = _writes[loop] = _Writes(changes=[], replies=loop.create_future())
        loop.call_later(WRITE_BATCH_SECONDS, lambda: loop.create_task(_write(loop, writes)))
    number = len(writes.changes)
    writes.changes.append((op, user_id, place))
    reply = (await asyncio.shield(writes.replies))[number]
    if isinstance(reply, Exception):
        raise reply
    return reply


async def _write(loop: asyncio.AbstractEventLoop, writes: _Writes) -> None:
    if _writes.get(loop) is writes:
        del _writes[loop]
    try:
        async with loop_redis().pipeline(transaction=False) as pipe:
            for op, user_id, place in writes.changes:
                pipe.eval(*_arguments(op, user_id=user_id, place=place))
            writes.replies.set_result(await pipe.execute(raise_on_error=False))
    except Exception as error:  # each change's caller hears it
        writes.replies.set_exception(error)


async def presence_place_add(*, user_id: int, place: str) -> None:
    """A socket took its place (or changed it): tells the player's followers if that changed
    their state."""
    reply = await _change("add", user_id=user_id, place=place)
    await presence_tell(user_id=user_id, presence=presence_changed(reply))


async def presence_place_remove(*, user_id: int, place: str) -> None:
    """A socket closed: tells a change of place now, and settles "away" after the grace
    period if no place is left (a page opening meanwhile says "online" itself)."""
    reply = await _change("remove", user_id=user_id, place=place)
    if reply in (SETTLE, SETTLE.encode()):
        loop = asyncio.get_running_loop()
        loop.call_later(
            settings.PRESENCE_GRACE_SECONDS,
            lambda: loop.create_task(presence_settle(user_id=user_id)),
        )
        return
    await presence_tell(user_id=user_id, presence=presence_changed(reply))


async def presence_settle(*, user_id: int) -> None:
    try:
        reply = await _change("settle", user_id=user_id, place="")
        await presence_tell(user_id=user_id, presence=presence_changed(reply))
    except Exception:  # Redis away: the next page or beat of the player tells it
        logger.warning("presence: could not settle a player's state", exc_info=True)


def presence_settle_now(*, user_id: int) -> Presence | None:
    """The state re-read from the sync side (tests, the benchmark); told if it changed."""
    reply = _sync().eval(*_arguments("settle", user_id=user_id, place=""))
    if (untold := presence_changed(reply)) is not None:
        get_channel_layer().group_send_many_now([_message(user_id, untold)])
    return _state_of(reply)


async def presence_tell(*, user_id: int, presence: Presence | None) -> None:
    """One PUBLISH: Redis hands it only to the daphnes with a socket following the player."""
    if presence is None:
        return
    await get_channel_layer().group_send(*_message(user_id, presence))


async def presence_tell_many(changes: list[tuple[int, Presence]]) -> None:
    """Changes found by one pipeline of heartbeats, in one round trip."""
    if changes:
        layer = get_channel_layer()
        await layer.group_send_many([_message(user_id, presence) for user_id, presence in changes])


def _message(user_id: int, presence: Presence) -> tuple[str, dict[str, Any]]:
    """As the script publishes it: no "game" when there is none."""
    message = {"type": "presence.changed", "user": user_id, **presence.as_json()}
    if message["game"] is None:
        del message["game"]
    return presence_group(user_id), message


def presence_read_many(user_ids: list[int]) -> dict[int, Presence]:
    """Each player's state now, in one round trip (a script: 10,000 online cost it nothing)."""
    if not user_ids:
        return {}
    keys = [online_key(), *(places_key(user_id) for user_id in user_ids)]
    states = _sync().eval(
        _READ, len(keys), *keys, stale_after_ms(), ONLINE_SECONDS * 1000, *user_ids
    )
    return {
        user_id: presence_decode(state.decode())
        for user_id, state in zip(user_ids, states, strict=True)
    }


async def presence_read_many_async(user_ids: list[int]) -> dict[int, Presence]:
    if not user_ids:
        return {}
    keys = [online_key(), *(places_key(user_id) for user_id in user_ids)]
    states = await loop_redis().eval(
        _READ, len(keys), *keys, stale_after_ms(), ONLINE_SECONDS * 1000, *user_ids
    )
    return {
        user_id: presence_decode(state.decode())
        for user_id, state in zip(user_ids, states, strict=True)
    }


@functools.cache
def _sync() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)
