"""The CPU of the computers' decisions, counted where they are made, for the load table.

`load_table.py --search-cpu` decides each computer move of its window again in one process after
the run, on a quiet machine, while the worker searched on a busy one: the same search is slower
under load, by several milliseconds a move that change from run to run, and that difference was
charged to "the rest of the move". With GAME_DECISION_CPU_TALLY on (the load table's site), each
process adds the CPU of each decision it makes (the thread's, `time.thread_time`) to a Redis
hash, a few times a second, and the load table reads it at both ends of its window. Off, a
decision costs two clock readings and one setting's lookup more.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import redis
from django.conf import settings

# a process writes its tally at most this often: what it has not written yet at a window's end
# (about as much as at its start) is at most this much of each process's time
FLUSH_EVERY_SECONDS = 0.1

_lock = threading.Lock()
_pending = {"micros": 0, "decisions": 0}
_flushed_at = 0.0
_client: Any = None


def decision_cpu_key() -> str:
    return f"{settings.REDIS_KEY_PREFIX}:decision-cpu"


def decision_cpu_add(seconds: float) -> None:
    """One decision of `seconds` of this thread's CPU (nothing unless the tally is on)."""
    if not settings.GAME_DECISION_CPU_TALLY:
        return
    global _flushed_at
    with _lock:
        _pending["micros"] += round(seconds * 1_000_000)
        _pending["decisions"] += 1
        now = time.monotonic()
        if now - _flushed_at < FLUSH_EVERY_SECONDS:
            return
        written = dict(_pending)
        _pending.update(micros=0, decisions=0)
        _flushed_at = now
    pipe = _redis().pipeline(transaction=False)
    for field, value in written.items():
        pipe.hincrby(decision_cpu_key(), field, value)
    pipe.execute()


def _redis() -> Any:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL)
    return _client
