"""Who is here, counted in Redis across every daphne and web process: each table's watchers,
and how many people are online.

Watchers: a sorted set per table of its watch sockets' channel names, scored by each socket's
last heartbeat (Redis's clock), as the socket slots are (`socket_slots`). A watch socket joins
when it connects, beats with its slot and leaves when it closes; an entry older than
STALE_HEARTBEATS heartbeats (its daphne was killed) is dropped before counting, so the count
falls back within a minute. Each change of the count is told to the table's players.

Online: one sorted set of user ids scored by when each was last seen. "Online" means seen in
the last ONLINE_SECONDS: holding a table or watch socket open (each heartbeat marks its
player) or loading a page of play (the lobby and its status poll, a watch page).
"""

from __future__ import annotations

import functools
from typing import Any

import redis
import redis.asyncio as aioredis
from django.conf import settings

from .loop_redis import loop_redis
from .socket_slots import stale_after_ms

ONLINE_SECONDS = 300

# KEYS: the set; ARGV: member ('' for none), stale after (ms), 1 to add / 0 to remove.
# Drops stale entries, adds (scored now) or removes the member, returns how many remain.
_CHANGE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local stale_ms = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - stale_ms)
if ARGV[1] ~= '' then
  if ARGV[3] == '1' then
    redis.call('ZADD', KEYS[1], now, ARGV[1])
    redis.call('PEXPIRE', KEYS[1], stale_ms)
  else
    redis.call('ZREM', KEYS[1], ARGV[1])
  end
end
return redis.call('ZCARD', KEYS[1])
"""


def watchers_key(game_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:watchers:{game_id}"


def online_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:online"


async def watcher_join(*, game_id: int, member: str) -> int:
    """A watch socket is open (or still open: its heartbeat). Returns the table's watchers."""
    return int(await _async().eval(_CHANGE, 1, watchers_key(game_id), member, stale_after_ms(), 1))


async def watcher_leave(*, game_id: int, member: str) -> int:
    return int(await _async().eval(_CHANGE, 1, watchers_key(game_id), member, stale_after_ms(), 0))


async def watcher_count_async(*, game_id: int) -> int:
    return int(await _async().eval(_CHANGE, 1, watchers_key(game_id), "", stale_after_ms(), 0))


def watcher_count(*, game_id: int) -> int:
    return int(_sync().eval(_CHANGE, 1, watchers_key(game_id), "", stale_after_ms(), 0))


async def online_mark_async(*, user_id: int) -> None:
    await _async().eval(_CHANGE, 1, online_key(), str(user_id), ONLINE_SECONDS * 1000, 1)


def online_mark(*, user_id: int) -> None:
    _sync().eval(_CHANGE, 1, online_key(), str(user_id), ONLINE_SECONDS * 1000, 1)


def online_mark_queue(pipe: Any, *, user_id: int) -> None:
    """online_mark_async as one command of a pipeline (socket_beats)."""
    pipe.eval(_CHANGE, 1, online_key(), str(user_id), ONLINE_SECONDS * 1000, 1)


def watcher_join_queue(pipe: Any, *, game_id: int, member: str) -> None:
    pipe.eval(_CHANGE, 1, watchers_key(game_id), member, stale_after_ms(), 1)


def watcher_count_queue(pipe: Any, *, game_id: int) -> None:
    """The table's watchers, read (stale entries dropped) as one command of a pipeline."""
    pipe.eval(_CHANGE, 1, watchers_key(game_id), "", stale_after_ms(), 0)


def online_count() -> int:
    """People seen in the last ONLINE_SECONDS (see the module's docstring)."""
    return int(_sync().eval(_CHANGE, 1, online_key(), "", ONLINE_SECONDS * 1000, 0))


def _async() -> aioredis.Redis:
    """The running event loop's client (loop_redis)."""
    return loop_redis()


@functools.cache
def _sync() -> redis.Redis:
    """For the pages (sync views): one client, pooled, per process."""
    return redis.Redis.from_url(settings.REDIS_URL)
