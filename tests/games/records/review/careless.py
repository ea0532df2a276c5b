"""A player for review tests: seat 0 plays at random (it leaves mistakes to find), the other
seats by the rule of thumb."""

from __future__ import annotations

import random

from games.engine import RuleOptions
from games.engine.view import SeatView
from games.players import choose_action
from games.players.random_player import RandomPlayer


def careless_at_seat_0(view: SeatView, rules: RuleOptions) -> str:
    if view.seat == 0:
        rng = random.Random(f"{view.hand_number}/{len(view.tricks)}/{len(view.legal_actions)}")
        return RandomPlayer(rng).choose(view, rules)
    return choose_action(view, rules)
