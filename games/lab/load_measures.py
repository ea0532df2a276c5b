"""What the load generator (`games.lab.loadgen`) measures, and its report: the latency of each
table's moves, the generator's own loop lag, errors and frames, and the daphnes' memory."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

from .load_client import TableClient

MISSED_AFTER_SECONDS = 5.0


@dataclass
class Measures:
    started: float = field(default_factory=time.monotonic)
    steady_from: float | None = None  # every table open and connected
    latencies: list[float] = field(default_factory=list)  # seconds, steady state only
    # how late this process's own loop woke from a timer (seconds, steady state only): a move's
    # latency is read on this loop, so it carries this lag too
    loop_lags: list[float] = field(default_factory=list)
    moves: int = 0  # versions reached by the tables, steady state only
    # what the people's sockets received (characters of text), steady state only
    received: int = 0
    tables_finished: int = 0
    tables_opened: int = 0
    missed: int = 0  # a move not seen by every human of its table within MISSED_AFTER_SECONDS
    errors: Counter[str] = field(default_factory=Counter)
    out_of_order: int = 0
    skipped: int = 0
    reconnects: int = 0
    connect_failures: int = 0
    connect_failure_kinds: Counter[str] = field(default_factory=Counter)
    rss_peak_kib: dict[int, int] = field(default_factory=dict)
    flood: Counter[str] = field(default_factory=Counter)  # the flooders' sockets (--flooders)
    # the flooding players' own tables (--flooders), apart: the goal is the other tables' p99,
    # and a flooder's own new table is refused during its cool-down, by design
    flooders_latencies: list[float] = field(default_factory=list)
    flooders_errors: Counter[str] = field(default_factory=Counter)


class TableTracker:
    """Latency of one table: from a human's move sent to every human seat holding its result."""

    def __init__(self, humans: int, measures: Measures, *, flooders: bool = False) -> None:
        self.humans = humans
        self.measures = measures
        # a flooding player's table: its latencies go apart (Measures.flooders_latencies)
        self.latencies = measures.flooders_latencies if flooders else measures.latencies
        self.pending: dict[int, tuple[float, set[int]]] = {}  # version awaited -> (sent, seen by)
        self.top = -1

    def sent(self, client: TableClient, version: int) -> None:
        self.pending.setdefault(version + 1, (time.monotonic(), set()))

    def state(self, client: TableClient, version: int) -> None:
        now = time.monotonic()
        steady = self.measures.steady_from is not None
        if version > self.top:
            if steady and self.top >= 0:
                self.measures.moves += version - self.top
            self.top = version
        for awaited in [v for v in self.pending if v <= version]:
            sent, seen = self.pending[awaited]
            seen.add(id(client))
            if len(seen) >= self.humans:
                del self.pending[awaited]
                if steady and sent >= self.measures.steady_from:
                    self.latencies.append(now - sent)
        for awaited, (sent, _) in list(self.pending.items()):
            if now - sent > MISSED_AFTER_SECONDS:
                del self.pending[awaited]
                self.measures.missed += 1


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def print_report(args: argparse.Namespace, measures: Measures) -> None:
    duration = getattr(measures, "duration", args.duration)
    latencies_ms = [value * 1000 for value in measures.latencies]
    errors = sum(measures.errors.values())
    rss = measures.rss_peak_kib
    print()
    print(f"processes            {len(args.urls)} daphne")
    print(f"tables               {args.tables} x {args.humans_per_table} human(s)")
    print(f"computers            {args.computer_level or 'the default level'}")
    print(f"measured for         {duration:.1f} s (after every table was up)")
    print(f"tables finished      {measures.tables_finished} (opened {measures.tables_opened})")
    print(f"moves per second     {measures.moves / duration:.1f}")
    print(
        f"latency ms           p50 {percentile(latencies_ms, 0.50):.0f}  "
        f"p95 {percentile(latencies_ms, 0.95):.0f}  p99 {percentile(latencies_ms, 0.99):.0f}  "
        f"max {max(latencies_ms, default=float('nan')):.0f}  ({len(latencies_ms)} moves timed)"
    )
    print(
        f"received by people   {measures.received / max(measures.moves, 1) / 1000:.2f} KB a move"
        f"  ({measures.received / duration / 1000:.0f} KB/s)"
    )
    lags_ms = [value * 1000 for value in measures.loop_lags]
    print(
        f"generator's loop lag p50 {percentile(lags_ms, 0.50):.0f}  "
        f"p99 {percentile(lags_ms, 0.99):.0f}  max {max(lags_ms, default=float('nan')):.0f} ms"
        "  (how late its own timers fire: part of every latency above)"
    )
    print(f"errors               {errors} {dict(measures.errors) if errors else ''}")
    if args.flooders:
        print(
            f"flooders             {args.flooders}, {args.flood_rate:.0f}/s: {dict(measures.flood)}"
        )
        own_ms = [value * 1000 for value in measures.flooders_latencies]
        print(
            f"flooders' own tables p50 {percentile(own_ms, 0.50):.0f}  "
            f"p99 {percentile(own_ms, 0.99):.0f} ms ({len(own_ms)} moves timed), errors "
            f"{dict(measures.flooders_errors)} (left out of the latency and errors above)"
        )
    print(f"missed moves         {measures.missed} (not at every seat within 5 s)")
    print(f"out-of-order frames  {measures.out_of_order}")
    print(f"coalesced versions   {measures.skipped} (a newer state came first; harmless)")
    print(
        f"reconnects           {measures.reconnects}, failed connects {measures.connect_failures}"
        + (f" {dict(measures.connect_failure_kinds)}" if measures.connect_failures else "")
    )
    print(
        "daphne RSS peak      "
        + (", ".join(f"{pid}: {kib / 1024:.0f} MiB" for pid, kib in sorted(rss.items())) or "?")
        + (f"  (total {sum(rss.values()) / 1024:.0f} MiB)" if rss else "")
    )
