"""The load generator's measures (`games.lab.load_measures`): a flooding player's own table is
measured apart, so the p99 the load table prints is the other tables' (issue 21's goal)."""

from __future__ import annotations

import argparse
import time

from games.lab.load_measures import Measures, TableTracker, print_report


def a_move_seen(tracker: TableTracker, version: int) -> None:
    client = object()
    tracker.sent(client, version)  # type: ignore[arg-type]
    tracker.state(client, version + 1)  # type: ignore[arg-type]


def test_a_flooders_table_is_timed_apart_from_the_others() -> None:
    measures = Measures(steady_from=time.monotonic() - 1)
    other, flooders = TableTracker(1, measures), TableTracker(1, measures, flooders=True)
    a_move_seen(other, 0)
    a_move_seen(flooders, 0)
    a_move_seen(flooders, 1)

    assert len(measures.latencies) == 1
    assert len(measures.flooders_latencies) == 2
    assert measures.moves == 1  # the first frame of each tracker only sets where it starts


def test_the_report_names_the_flooders_own_tables_and_leaves_them_out(capsys) -> None:
    measures = Measures(steady_from=time.monotonic() - 1)
    measures.latencies += [0.010] * 99 + [0.090]
    measures.flooders_latencies += [2.0] * 10
    measures.errors["stale_version"] += 1
    measures.flooders_errors["flooding"] += 3
    args = argparse.Namespace(
        urls=["ws://a"], tables=2, humans_per_table=1, computer_level="easy", duration=10.0,
        flooders=1, flood_rate=200.0,
    )  # fmt: skip

    print_report(args, measures)

    printed = capsys.readouterr().out
    assert "p50 10  p95 10  p99 10  max 90  (100 moves timed)" in printed
    assert "errors               1 {'stale_version': 1}" in printed
    assert "flooders' own tables p50 2000  p99 2000 ms (10 moves timed)" in printed
    assert "{'flooding': 3}" in printed
