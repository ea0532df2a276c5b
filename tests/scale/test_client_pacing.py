"""The load generator's browser shows moves as the page does (pacing.js's paceOf): a computer's
move a pause after the move before it, the person's own and a later jump at once; it plays once
its turn shows. Pure: frames are handed to the client, no socket."""

from __future__ import annotations

import asyncio
import random
import time

from games.lab.load_client import TableClient

SEATS = [{"position": n, "computer": n != 0} for n in range(4)]


def frame(version: int, to_act: int) -> dict:
    return {
        "type": "state",
        "version": version,
        "status": "playing",
        "my_seat": 0,
        "seats": SEATS,
        "computer_pause_ms": 800,
        "view": {"to_act": to_act, "legal_actions": ["pass"] if to_act == 0 else []},
    }


def test_a_run_of_computer_moves_is_shown_a_pause_apart_and_the_person_plays_after_it():
    async def run() -> tuple[list[float], float]:
        client = TableClient(game_id=1, cookie="", urls=["ws://x"], rng=random.Random(1))
        client.think = (0.0, 0.0)
        sent: list[float] = []

        async def send(message) -> bool:
            sent.append(time.monotonic())
            return True

        client.send = send  # the socket: this test reads what the client would send and when
        start = time.monotonic()
        shown = []
        # the person's move (seat 0 to act before it), then three computers' in one message
        for version, to_act in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 0)]:
            client._take(frame(version, to_act))
            shown.append(client.shown_at - start)
        await asyncio.sleep(2.6)
        return shown, sent[-1] - start if sent else -1.0

    shown, played = asyncio.run(run())
    # version 1 is the person's own move: at once; 2, 3 and 4 are computers': 0.8 s apart
    assert [round(at, 1) for at in shown] == [0.0, 0.0, 0.8, 1.6, 2.4]
    assert 2.4 <= played < 2.6  # the person plays once their turn shows, not on arrival
