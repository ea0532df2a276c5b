"""The cost of choosing quick play's groups (`games.tables.services.quick_play_groups`): one
matcher's pass over a full window of waiting players, as `queue_match` makes it (each player
tried first in turn until a group is found), without the database.

    .venv/bin/python -m games.lab.bench_quick_play_groups

Prints the median CPU milliseconds of a pass, over a few rounds, for two queues of
MATCH_WINDOW players: a mixed one (four games, the three going-under choices, a tenth in pairs,
a fifth avoiding two players they muted), and a hostile one where no table can be made
(everyone avoids everyone, most in pairs): the pass tries every player first, the worst case of
a match, bounded by the search's step limit.
"""

from __future__ import annotations

import os
import random
import statistics
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
django.setup()

from games.tables.models import QueueEntry  # noqa: E402  (after django.setup)
from games.tables.services.quick_play import MATCH_WINDOW  # noqa: E402
from games.tables.services.quick_play_groups import Mutes, group_for  # noqa: E402

ROUNDS = 7


def mixed_queue(rng: random.Random, games: list[str]) -> tuple[list[QueueEntry], Mutes]:
    waiting = [
        QueueEntry(
            user_id=i,
            going_under=rng.choice(["with", "without", "either"]),
            variant=rng.choice(games),
            avoid_muted=rng.random() < 0.2,
        )
        for i in range(MATCH_WINDOW)
    ]
    for i in range(0, MATCH_WINDOW - 1, 20):  # a tenth of the players in pairs
        one, other = waiting[i], waiting[i + 1]
        one.partner_id, other.partner_id = other.user_id, one.user_id
        one.variant = other.variant = "standard"
        one.going_under = other.going_under = "either"
    mutes = {
        entry.user_id: frozenset(rng.sample(range(MATCH_WINDOW), 2))
        for entry in waiting
        if entry.avoid_muted
    }
    return waiting, mutes


def hostile_queue() -> tuple[list[QueueEntry], Mutes]:
    waiting = [
        QueueEntry(user_id=i, going_under="either", variant="standard", avoid_muted=True)
        for i in range(MATCH_WINDOW)
    ]
    for i in range(1, MATCH_WINDOW - 1, 2):  # pairs, so that the parity check does not end it
        waiting[i].partner_id, waiting[i + 1].partner_id = i + 1, i
    everyone = frozenset(range(MATCH_WINDOW))
    return waiting, {i: everyone - {i} for i in range(MATCH_WINDOW)}


def one_pass(waiting: list[QueueEntry], mutes: Mutes) -> int:
    """`queue_match`'s loop: the players tried first before a group is found (or all)."""
    for start in range(len(waiting)):
        ordered = [waiting[start], *waiting[:start], *waiting[start + 1 :]]
        if group_for(ordered, mutes=mutes) is not None:
            return start + 1
    return len(waiting)


def timed(waiting: list[QueueEntry], mutes: Mutes) -> tuple[float, int]:
    times = []
    tried = 0
    for _ in range(ROUNDS):
        begin = time.process_time()
        tried = one_pass(waiting, mutes)
        times.append((time.process_time() - begin) * 1000)
    return statistics.median(times), tried


def main() -> None:
    rng = random.Random(54)
    cases = {
        "mixed": mixed_queue(rng, ["standard", "two_handed", "three_handed", "call_ace"]),
        "everyone avoids everyone": hostile_queue(),
    }
    print(f"quick play's groups: one matcher's pass over {MATCH_WINDOW} waiting players")
    for name, (waiting, mutes) in cases.items():
        median_ms, tried = timed(waiting, mutes)
        print(f"  {name:<26} {median_ms:8.1f} ms CPU (median of {ROUNDS}), {tried} tried first")


if __name__ == "__main__":
    main()
