"""A player's messages over all of their sockets, table and watch, on every daphne process.

Each socket has its own flood guard (games/live/rate_limit.py: 8 messages a second, bursts of 20),
but a player may hold GAME_SOCKETS_PER_PLAYER sockets: eight accounts with eight watch sockets
each, every socket at 7 syncs a second and so never refused, took another table's sync from
p50 5 ms to 600-960 ms (docs/benchmarks.md, "Watchers' storm"). So a player's sockets also
share one budget, PLAYER_RATE messages a second with bursts of PLAYER_BURST: a token bucket in
Redis on Redis's clock (one Lua call), so that it holds whichever processes serve the player's
sockets. A message over the budget is told "rate_limited" (once) and dropped, but costs no
strike (`SocketGuard.shared`): within its own rate a socket sends at most 8 a second, cheap to
drop, while closing it only makes a script open it again.

A Redis round trip for every message would cost each move one. Instead, each process takes
the player's tokens LEASE at a time and spends them in memory (its sockets of that player share
them), asking for the next lease in the background as it spends the last: a person's messages
never wait for Redis but their socket's first. A message that finds the lease spent waits for
the next one; when Redis has no token left it says when the next is due, and until then the
player's messages are refused in memory, without asking again. Over any stretch of time a player
gets at most the bucket's tokens plus one lease for each process holding their sockets. With
Redis out of reach the budget lets messages through (each socket's own guard still holds).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import weakref
from collections.abc import Callable

from django.conf import settings
from redis.exceptions import RedisError

from .loop_redis import loop_redis

logger = logging.getLogger(__name__)

PLAYER_RATE = 8.0  # messages a second, over all of a player's sockets
PLAYER_BURST = 20
LEASE = 4  # tokens a process takes from the player's bucket at once

# KEYS: the player's bucket (a hash: tokens, and when they were counted, in ms); ARGV: rate (a
# second), burst, tokens wanted. Returns the tokens taken, or minus the milliseconds until one is
# due when there is none.
_TAKE = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local rate = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local taken = math.min(tonumber(ARGV[3]), math.floor(tokens))
tokens = tokens - taken
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
if taken > 0 then
  return taken
end
return -math.max(1, math.ceil((1 - tokens) / rate))
"""

_LOG_EVERY_SECONDS = 60.0
_logged_at = [float("-inf")]


def player_budget_key(user_id: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:messages:player:{user_id}"


class PlayerBudget:
    """One player's share of their budget in this process (one event loop), for all of their
    sockets here."""

    def __init__(
        self,
        user_id: int,
        *,
        rate: float = PLAYER_RATE,
        burst: int = PLAYER_BURST,
        lease: int = LEASE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.user_id = user_id
        self.key = player_budget_key(user_id)
        self.rate, self.burst, self.lease = rate, burst, lease
        self.clock = clock
        self.tokens = 0  # leased from Redis, not spent yet
        self.refused_until = float("-inf")  # Redis had none: none is due before then
        self.asking: asyncio.Task[None] | None = None
        self.sockets = 0  # this process's sockets of the player that hold it

    async def take(self) -> bool:
        """Whether the player may send one more message now."""
        while self.tokens == 0:
            if self.clock() < self.refused_until:
                return False
            # shielded: a socket that goes away meanwhile does not end its player's ask
            await asyncio.shield(self._ask())
        self.tokens -= 1
        if self.tokens == 0 and self.clock() >= self.refused_until:
            self._ask()  # the next lease, in the background: the next message need not wait
        return True

    def _ask(self) -> asyncio.Task[None]:
        if self.asking is None:
            self.asking = asyncio.ensure_future(self._lease())
        return self.asking

    async def _lease(self) -> None:
        try:
            answer = int(
                await loop_redis().eval(_TAKE, 1, self.key, self.rate, self.burst, self.lease)
            )
        except (RedisError, OSError, TimeoutError):
            now = time.monotonic()
            if now - _logged_at[0] > _LOG_EVERY_SECONDS:
                _logged_at[0] = now
                logger.warning("socket messages: no player's budget from Redis", exc_info=True)
            answer = self.lease  # let them through: each socket's own guard still holds
        finally:
            self.asking = None
        if answer > 0:
            self.tokens += answer
        else:
            self.refused_until = self.clock() + math.ceil(-answer) / 1000


# each event loop's budgets by player: a client's connections, and tasks, belong to one loop
_budgets: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, PlayerBudget]] = (
    weakref.WeakKeyDictionary()
)


def player_budget_join(user_id: int) -> PlayerBudget:
    """The budget a new socket of this player shares with their others in this process."""
    budgets = _budgets.setdefault(asyncio.get_running_loop(), {})
    budget = budgets.get(user_id)
    if budget is None:
        budget = budgets[user_id] = PlayerBudget(user_id)
    budget.sockets += 1
    return budget


def player_budget_leave(budget: PlayerBudget) -> None:
    """A socket closed: the process forgets the player's share with their last socket here."""
    budget.sockets -= 1
    if budget.sockets > 0:
        return
    for budgets in list(_budgets.values()):
        if budgets.get(budget.user_id) is budget:
            del budgets[budget.user_id]
