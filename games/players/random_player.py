"""The weakest possible player: any legal action, uniformly. A baseline for tests; with a renege
rule on it may renege, like a careless person (the computer levels never do)."""

from __future__ import annotations

import random

from games.engine import RuleOptions, SeatView


class RandomPlayer:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        return self.rng.choice(view.legal_actions)
