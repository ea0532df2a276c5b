"""Python's garbage collector in a long-running daphne, and in each Celery worker's child.

A daphne keeps every table's engine state (games/engine_states.py) and every socket's objects:
millions of objects that the default collector (a young collection every 700 allocations, each
survivor soon old) scanned in full every few seconds. At 1,000 tables each daphne spent about a
tenth of its time collecting, in pauses of up to 0.75 s that stopped every socket (the load
table's p99). A table's engine state lives until that table's next move, a few seconds: with
young collections every 50,000 allocations most of them die young, freed by their reference
counts, and are never promoted, so full collections become rare (issue 21, docs/benchmarks.md).

A worker's child runs the computers' search, whose positions and bounds tables are many small
containers living one decision: with the defaults about a fifth of a strong decision's CPU went
to collections (the live tables' and `python -m games.players.search.bench`'s, which sets the
collector so too, as do the arenas, so that the decision times they print are the workers').
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
MIDDLE_THRESHOLD = 20  # twice the default: young collections are rarer, so are their survivors


def long_running_gc() -> None:
    """What the process has loaded at startup (Django, the apps, the modules) is kept out of
    every later collection, and young collections are rarer."""
    gc.collect()
    gc.freeze()
    old = gc.get_threshold()[2]
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, old)  # the same however often called
