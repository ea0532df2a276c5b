"""The heartbeats of an event loop's sockets, written to Redis together.

Each open table, watch or site socket beats every GAME_SOCKET_HEARTBEAT_SECONDS: its socket
slot (socket_slots; a site socket has none) and its player's online mark (presence) or place
(presence_places, which tells the player's friends when the state changed) are fresh again, a
watch socket's place among the table's watchers too, and a player's socket is told the
table's watcher count (in case a watcher's daphne died without saying so). One task per event
loop wakes a few times a period and writes every socket that is due in one pipeline, each
table's count read once: a daphne at 500 sockets spent a tenth of its CPU on three Redis calls
per socket's beat, most of it in the client's per-call machinery, not in Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from django.conf import settings

from .loop_redis import loop_redis
from .presence import online_mark_queue, watcher_count_queue, watcher_join_queue
from .presence_places import Presence, presence_changed, presence_place_queue, presence_tell_many
from .socket_slots import SocketSlot, socket_slot_beat_queue

logger = logging.getLogger(__name__)

# wakes per heartbeat period (and at least once a second): a socket beats at most this much late
TICKS_PER_PERIOD = 4


@dataclass(eq=False)
class SocketBeat:
    member: str  # the socket's channel name
    slot: SocketSlot | None
    user_id: int
    game_id: int
    place: str | None = None  # its place in its player's presence (presence_places), once known
    watching: bool = False  # holds a place among the game's watchers (a watch socket)
    on_watchers: Callable[[int], Awaitable[None]] | None = None  # told the table's count
    due: float = 0.0  # the loop's time of its next beat
    writing: asyncio.Future[dict[int, int]] | None = None  # the pipeline it is in, if any


@dataclass
class _LoopBeats:
    beats: dict[str, SocketBeat] = field(default_factory=dict)  # by the socket's channel name
    task: asyncio.Task[None] | None = None


_loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopBeats] = (
    weakref.WeakKeyDictionary()
)


def socket_beat_start(
    *,
    slot: SocketSlot | None,
    user_id: int,
    game_id: int,
    member: str | None = None,
    on_watchers: Callable[[int], Awaitable[None]] | None = None,
) -> SocketBeat:
    """Beats for this socket from now until socket_beat_stop (the first beat one period on:
    taking the slot was the first). `member`: the socket's channel name, when it has no slot."""
    loop = asyncio.get_running_loop()
    beats = _loops.setdefault(loop, _LoopBeats())
    member = slot.member if slot is not None else member
    assert member is not None, "a socket without a slot names itself"
    beat = SocketBeat(
        member=member,
        slot=slot,
        user_id=user_id,
        game_id=game_id,
        on_watchers=on_watchers,
        due=_next(loop),
    )
    beats.beats[member] = beat
    if beats.task is None or beats.task.done():
        beats.task = loop.create_task(_run(beats))
    return beat


async def socket_beat_stop(beat: SocketBeat) -> None:
    """No more beats; returns once a write it was part of is over, so that giving the slot
    back afterwards is not undone by that write."""
    beats = _loops.get(asyncio.get_running_loop())
    if beats is None:
        return
    if beats.beats.get(beat.member) is beat:
        del beats.beats[beat.member]
    if not beats.beats and beats.task is not None:
        beats.task.cancel()  # the write in flight, if any, goes on: it is awaited below
        beats.task = None
    await socket_beat_settled(beat)


async def socket_beat_settled(beat: SocketBeat) -> None:
    """Returns once a write this beat is part of is over (a change made after it, such as
    leaving the watchers, is then not undone by it)."""
    if beat.writing is not None:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.shield(beat.writing)


def _next(loop: asyncio.AbstractEventLoop) -> float:
    # spread over a tenth of a period: sockets opened together do not beat together for ever
    return loop.time() + settings.GAME_SOCKET_HEARTBEAT_SECONDS * random.uniform(0.9, 1.0)


async def _run(beats: _LoopBeats) -> None:
    loop = asyncio.get_running_loop()
    while beats.beats:
        await asyncio.sleep(min(1.0, settings.GAME_SOCKET_HEARTBEAT_SECONDS / TICKS_PER_PERIOD))
        now = loop.time()
        due = [beat for beat in beats.beats.values() if beat.due <= now]
        if not due:
            continue
        for beat in due:
            beat.due = _next(loop)
        writing = asyncio.ensure_future(_write(due))
        for beat in due:
            beat.writing = writing
        try:
            counts = await asyncio.shield(writing)
        except Exception:  # Redis away: the next beat tries again, the sockets stay open
            logger.warning("table sockets: heartbeats failed", exc_info=True)
            continue
        finally:
            for beat in due:
                beat.writing = None
        for beat in due:
            if beat.on_watchers is not None and beats.beats.get(beat.member) is beat:
                try:
                    await beat.on_watchers(counts[beat.game_id])
                except Exception:  # one socket's send failing is that socket's business
                    logger.warning("table socket: watchers' count not sent", exc_info=True)


async def _write(due: list[SocketBeat]) -> dict[int, int]:
    """Every due socket's beat in one round trip; the watcher counts of their tables."""
    counted = sorted({beat.game_id for beat in due if beat.on_watchers is not None})
    placed: list[tuple[int, int]] = []  # (user, its reply's index): a state may have changed
    async with loop_redis().pipeline(transaction=False) as pipe:
        for beat in due:
            if beat.slot is not None:
                socket_slot_beat_queue(pipe, beat.slot)
            if beat.place is not None:
                placed.append((beat.user_id, len(pipe.command_stack)))
                presence_place_queue(pipe, user_id=beat.user_id, place=beat.place)
            else:
                online_mark_queue(pipe, user_id=beat.user_id)
            if beat.watching:
                watcher_join_queue(pipe, game_id=beat.game_id, member=beat.member)
        for game_id in counted:
            watcher_count_queue(pipe, game_id=game_id)
        replies = await pipe.execute()
    # a state changes at a beat only when another socket's place lapsed (its daphne died)
    changes: list[tuple[int, Presence]] = []
    for user_id, index in placed:
        if (presence := presence_changed(replies[index])) is not None:
            changes.append((user_id, presence))
    if changes:
        try:
            await presence_tell_many(changes)
        except Exception:  # the friends' pages read it at their next load
            logger.warning("sockets' heartbeats: presence not told", exc_info=True)
    return dict(zip(counted, map(int, replies[len(replies) - len(counted) :]), strict=True))
