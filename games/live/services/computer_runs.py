"""The computers' runs waiting for their time: a Redis sorted set of (game, version), each
scored by the moment it is due, which the workers' runner threads take from
(`games.live.computer_runner`), in place of a Celery task a run.

A Celery task cost its worker's main process about half a millisecond of CPU a move at strong
tables (receiving the message, holding it until its countdown, its acknowledgement and the
bookkeeping of unacknowledged messages), a quarter of what a strong table spent outside the
search beyond an easy one (issue 21, docs/benchmarks.md). Here a run is queued by one Redis call
and taken by one.

The set is its own mark: a (game, version) is in it from the moment it is queued until a runner
takes it, so it is never queued twice meanwhile (the sweeper and the moves ask again freely).
Once taken it is the sweeper's to find if the runner dies before storing the run, as a Celery
task was once its worker had received it; a run is keyed by its version, so a copy that comes
late finds the game moved on and does nothing. A list of wake-ups tells a runner waiting for
the next due run that an earlier one has come.
"""

from __future__ import annotations

import threading
import time
from typing import Any, NamedTuple

import redis
from django.conf import settings

# KEYS: the set, the wake-ups; ARGV: the moment due (ms since the epoch), the member. A run
# due after the earliest waiting wakes nobody: the runners waiting already wait for that one
# (at 50 strong tables, a wake-up for every run cost each runner a take and a wait more)
_QUEUE = """
if redis.call('ZADD', KEYS[1], 'NX', ARGV[1], ARGV[2]) == 1 then
  if redis.call('ZRANGE', KEYS[1], 0, 0)[1] == ARGV[2] then
    redis.call('LPUSH', KEYS[2], '1')
    redis.call('LTRIM', KEYS[2], 0, 1)
  end
  return 1
end
return 0
"""

# KEYS: the set, the wake-ups; ARGV: the moment due, the member. A run still waiting is made due
# sooner (never later); the runners are woken if it is now the earliest
_HURRY = """
if redis.call('ZADD', KEYS[1], 'XX', 'LT', 'CH', ARGV[1], ARGV[2]) == 1 then
  if redis.call('ZRANGE', KEYS[1], 0, 0)[1] == ARGV[2] then
    redis.call('LPUSH', KEYS[2], '1')
    redis.call('LTRIM', KEYS[2], 0, 1)
  end
  return 1
end
return 0
"""

# KEYS: the set; ARGV: now (ms since the epoch). {member} of the earliest run due, or
# {'', score} of the earliest not yet due, or {} when none waits
_TAKE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
if due[1] then
  redis.call('ZREM', KEYS[1], due[1])
  return {due[1]}
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if first[1] then
  return {'', first[2]}
end
return {}
"""


class Taken(NamedTuple):
    """A run to make now, or how long until the next one is due (None: nothing waits)."""

    game_id: int | None
    version: int | None
    wait_seconds: float | None


_lock = threading.Lock()
_clients: dict[str, Any] = {}


def runs_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:computer-runs"


def wake_key() -> str:
    return f"{runs_key()}:wake"


def run_queue(game_id: int, version: int, *, countdown: float | None = None) -> bool:
    """The computers' run from `version`, due `countdown` seconds from now. False, and nothing
    queued, when that run already waits."""
    due_ms = int((time.time() + (countdown or 0.0)) * 1000)
    queued = _script("queue", _QUEUE)(
        keys=[runs_key(), wake_key()], args=[due_ms, f"{game_id}:{version}"]
    )
    return bool(queued)


def run_hurry(game_id: int, version: int, *, countdown: float = 0.0) -> bool:
    """The run from `version`, if it still waits, due `countdown` seconds from now when that is
    sooner than it was (the pause between hands ended early). False: nothing changed."""
    due_ms = int((time.time() + countdown) * 1000)
    hurried = _script("hurry", _HURRY)(
        keys=[runs_key(), wake_key()], args=[due_ms, f"{game_id}:{version}"]
    )
    return bool(hurried)


def run_waiting(game_id: int, version: int) -> bool:
    """Is that run queued and not yet taken by a runner?"""
    return _client().zscore(runs_key(), f"{game_id}:{version}") is not None


def runs_waiting() -> list[tuple[int, int]]:
    """(game, version) of every run waiting, the earliest due first."""
    return [_parsed(member) for member in _client().zrange(runs_key(), 0, -1)]


def run_take() -> Taken:
    """Takes the earliest run that is due, if any, so that no other runner makes it."""
    taken = _script("take", _TAKE)(keys=[runs_key()], args=[int(time.time() * 1000)])
    if not taken:
        return Taken(None, None, None)
    if taken[0]:
        return Taken(*_parsed(taken[0]), 0.0)
    return Taken(None, None, max(0.0, float(taken[1]) / 1000 - time.time()))


def wake_wait(seconds: float) -> None:
    """Waits at most `seconds` for a run queued meanwhile (one that may be due sooner)."""
    if seconds > 0:
        _client().blpop([wake_key()], timeout=seconds)


def _parsed(member: bytes | str) -> tuple[int, int]:
    text = member.decode() if isinstance(member, bytes) else member
    game_id, version = text.split(":")
    return int(game_id), int(version)


def _client() -> Any:
    """One client a process (its pool shared by the threads): building one costs more than a
    command (redis-py's response callbacks)."""
    client = _clients.get("shared")
    if client is None:
        with _lock:
            client = _clients.setdefault("shared", redis.Redis.from_url(settings.REDIS_URL))
    return client


def _script(name: str, source: str) -> Any:
    script = _clients.get(name)
    if script is None:
        registered = _client().register_script(source)
        with _lock:
            script = _clients.setdefault(name, registered)
    return script
