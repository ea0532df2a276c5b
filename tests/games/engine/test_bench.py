"""The engine's benchmark (games/engine/bench.py) runs, the engines taking turns: a benchmark
prints figures and is not timed here; this checks that it plays what it says."""

from __future__ import annotations

import random

from games.engine.bench import main, rounds_in_turn


def test_the_engines_take_turns_round_by_round_on_the_same_deals():
    calls: list[tuple[str, int, float]] = []

    def playout(name: str):
        def play(hands: int, rng: random.Random) -> None:
            calls.append((name, hands, rng.random()))

        return play

    figures = rounds_in_turn([playout("ours"), playout("theirs")], hands=30, rounds=3, seed=7)

    assert [len(found) for found in figures] == [3, 3]
    timed = calls[2:]  # after one warm-up call each
    assert [name for name, _, _ in timed] == ["ours", "theirs"] * 3
    assert {hands for _, hands, _ in timed} == {10}
    # both engines of a round play the same seed's deals; each round another seed
    firsts = [draw for _, _, draw in timed]
    assert firsts[0::2] == firsts[1::2]
    assert len(set(firsts[0::2])) == 3


def test_it_prints_both_engines_and_their_ratios(capsys):
    main(["--hands", "40", "--rounds", "2"])

    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("our engine, step by step:")
    assert lines[1].startswith("our engine, its playout:")
    assert lines[2].startswith("OpenSpiel from Python:")
    assert lines[3].startswith("ratio ours / OpenSpiel, step by step:")
    assert lines[4].startswith("ratio ours / OpenSpiel, playout:")
    for line in lines[:5]:
        assert float(line.split(":")[1].split()[0].replace(",", "")) > 0
