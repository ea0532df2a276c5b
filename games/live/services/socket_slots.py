"""How many table sockets one player, and one client address, may hold open at once, counted in
Redis across every daphne process.

One player opening dozens of table sockets, each within its own rate limit, slowed every other
table of their daphne (30 sockets: another table's sync from 7 ms to 103 ms at p50). So each
player, and each client address, has a sorted set of the channel names of their open sockets,
scored by each socket's last heartbeat (Redis's own clock, so the machines' clocks need not
agree). A socket takes its place when it connects, or is refused when the set is full; its
consumer beats every GAME_SOCKET_HEARTBEAT_SECONDS and gives the place back when it closes. A
process killed with its sockets open leaves their entries behind: they stop beating, and an
entry older than STALE_HEARTBEATS heartbeats is dropped before anyone is counted, so a killed
process holds a player's places for a minute at most, never for ever.

A socket closed for flooding (games/live/rate_limit.py) starts a cool-down of its player: for
GAME_FLOOD_COOLDOWN_SECONDS (twice as long for each flood again within the hour, at most a
quarter of an hour) every new socket of theirs is refused at once, before it costs the
server a socket's opening (its table's state, its chat, its frame): by its session cookie before
the session is even read (games/live/flood_gate.py), and by player in the same Redis call that takes
a place (a new login). A script that reconnects as soon as it is closed gets nothing more from
the server than its refusal; the player's other open sockets are not touched.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis
from django.conf import settings

from .loop_redis import loop_redis

# an entry that missed this many heartbeats belongs to a socket whose process is gone
STALE_HEARTBEATS = 3

# KEYS: the player's cool-down, then the sets to take a place in; ARGV: member, stale after
# (ms), then each set's limit (0: none). Returns 0 when admitted, minus the cool-down's
# milliseconds left while it lasts, else the (1-based) index of the set that is full.
_TAKE = """
local cooling = redis.call('PTTL', KEYS[1])
if cooling > 0 then
  return -cooling
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local stale_ms = tonumber(ARGV[2])
for i = 2, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - stale_ms)
  local limit = tonumber(ARGV[1 + i])
  if limit > 0 and redis.call('ZCARD', KEYS[i]) >= limit then
    return i - 1
  end
end
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], stale_ms)
end
return 0
"""

# a player's floods are counted this long after the last one: each doubles the cool-down
FLOODS_REMEMBERED_SECONDS = 3600
MAX_FLOOD_COOLDOWN_SECONDS = 900

# KEYS: the player's count of floods, then the cool-downs to set (the player's, the session's);
# ARGV: the first cool-down (ms), the longest (ms), how long floods are counted (ms). Returns
# the cool-down set (ms).
_COOL_DOWN = """
local floods = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local cooldown = math.min(tonumber(ARGV[1]) * 2 ^ math.min(floods - 1, 20), tonumber(ARGV[2]))
cooldown = math.floor(cooldown)
for i = 2, #KEYS do
  redis.call('SET', KEYS[i], '1', 'PX', cooldown)
end
return cooldown
"""

# KEYS: the sets the socket has a place in; ARGV: member, stale after (ms)
_BEAT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('PEXPIRE', key, tonumber(ARGV[2]))
end
return 0
"""


class TooManySockets(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.code = "too_many_sockets"
        self.message = message


class SocketsCoolingDown(Exception):
    """The player's socket was closed for flooding a moment ago: no new one yet."""

    def __init__(self, milliseconds_left: int) -> None:
        self.seconds_left = seconds_left = math.ceil(milliseconds_left / 1000)
        self.code = "flooding"
        self.message = (
            "A connection of yours was closed for sending too many messages: try again in "
            f"{seconds_left} s."
        )
        super().__init__(self.message)


@dataclass(frozen=True)
class SocketSlot:
    """One socket's place in its player's set and (when it has one) its address's."""

    member: str  # the socket's channel name: unique among every process's sockets
    keys: tuple[str, ...]


def player_sockets_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:sockets:player:{user_id}"


def address_sockets_key(address: str) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:sockets:address:{address}"


def flood_cooldown_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:sockets:cooldown:{user_id}"


def flood_count_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:sockets:floods:{user_id}"


def session_cooldown_key(session_key: str) -> str:
    """The cool-down as the flooding socket's session cookie names it, read before the session
    and its user are (games/live/flood_gate.py); the session key itself is not stored."""
    digest = hashlib.sha256(session_key.encode()).hexdigest()[:32]
    return f"{settings.REDIS_KEY_PREFIX}:sockets:cooldown:session:{digest}"


def stale_after_ms() -> int:
    return int(settings.GAME_SOCKET_HEARTBEAT_SECONDS * STALE_HEARTBEATS * 1000)


async def socket_slot_take(*, user_id: int, address: str | None, member: str) -> SocketSlot:
    """A place for a new socket of this player from this address (None: unknown, not
    counted), or TooManySockets saying which limit it met, or SocketsCoolingDown."""
    per_player = settings.GAME_SOCKETS_PER_PLAYER
    per_address = settings.GAME_SOCKETS_PER_ADDRESS
    keys, limits = [player_sockets_key(user_id)], [per_player]
    if address and per_address > 0:
        keys.append(address_sockets_key(address))
        limits.append(per_address)
    full = await _redis().eval(
        _TAKE, len(keys) + 1, flood_cooldown_key(user_id), *keys, member, stale_after_ms(), *limits
    )
    if full < 0:
        raise SocketsCoolingDown(-full)
    if full == 1:
        raise TooManySockets(
            f"You have too many tables or tabs open (at most {per_player}): close some, then "
            "reload this page."
        )
    if full == 2:
        raise TooManySockets(
            f"Too many table connections from your network (at most {per_address}): close "
            "some tables or tabs, then reload this page."
        )
    return SocketSlot(member=member, keys=tuple(keys))


async def flood_cooldown_start(*, user_id: int, session_key: str | None) -> int:
    """A socket of this player (in this session) was closed for flooding: refuse their new
    sockets for GAME_FLOOD_COOLDOWN_SECONDS, twice as long for each flood again within
    FLOODS_REMEMBERED_SECONDS, at most MAX_FLOOD_COOLDOWN_SECONDS. Returns the cool-down's
    seconds (0: switched off)."""
    milliseconds = int(settings.GAME_FLOOD_COOLDOWN_SECONDS * 1000)
    if milliseconds <= 0:
        return 0
    keys = [flood_count_key(user_id), flood_cooldown_key(user_id)]
    if session_key:
        keys.append(session_cooldown_key(session_key))
    cooldown_ms = await _redis().eval(
        _COOL_DOWN,
        len(keys),
        *keys,
        milliseconds,
        MAX_FLOOD_COOLDOWN_SECONDS * 1000,
        FLOODS_REMEMBERED_SECONDS * 1000,
    )
    return math.ceil(int(cooldown_ms) / 1000)


async def session_cooldown_left(session_key: str) -> int:
    """Milliseconds left of the cool-down of the player of this session cookie (0: none)."""
    return max(0, int(await _redis().pttl(session_cooldown_key(session_key))))


def socket_slot_beat_queue(pipe: Any, slot: SocketSlot) -> None:
    """The socket is still open: its entries are fresh again (and back, if they were dropped
    while this process could not beat). One command of a pipeline: a loop's sockets beat
    together (socket_beats)."""
    pipe.eval(_BEAT, len(slot.keys), *slot.keys, slot.member, stale_after_ms())


async def socket_slot_release(slot: SocketSlot) -> None:
    async with _redis().pipeline(transaction=False) as pipe:
        for key in slot.keys:
            pipe.zrem(key, slot.member)
        await pipe.execute()


def _redis() -> aioredis.Redis:
    """The running event loop's client (loop_redis)."""
    return loop_redis()
