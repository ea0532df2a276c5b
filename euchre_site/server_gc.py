"""Python's garbage collector in a long-running daphne.

A daphne keeps every table's engine state (games/engine_states.py) and every socket's objects:
millions of objects that the default collector (a young collection every 700 allocations, each
survivor soon old) scanned in full every few seconds. At 1,000 tables each daphne spent about a
tenth of its time collecting, in pauses of up to 0.75 s that stopped every socket (the load
table's p99). A table's engine state lives until that table's next move, a few seconds: with
young collections every 50,000 allocations most of them die young, freed by their reference
counts, and are never promoted, so full collections become rare (issue 21, docs/benchmarks.md).
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000


def server_gc() -> None:
    """What the process has loaded at startup (Django, the apps, the modules) is kept out of
    every later collection, and young collections are rarer."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle * 2, old)
