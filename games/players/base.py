"""What a computer player is: a function of one seat's view, nothing more.

A computer player sees only the `SeatView` of its own seat, never the `GameState`, so it cannot
cheat. It keeps no state between calls (the site rebuilds everything from the action log): its
choice depends only on the view, the rules, and the seeded `random.Random` it was built with.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, cast

from games.engine import RuleOptions, SeatView


class ComputerPlayer(Protocol):
    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        """One of `view.legal_actions` (the view must be of the seat to act); a computer level
        chooses from `view.honest_actions`, which leave out reneging."""
        ...


# Builds a player for one seat of one game from that seat's seeded random generator.
PlayerFactory = Callable[[random.Random], ComputerPlayer]


def player_name(factory: PlayerFactory) -> str:
    """A short name for reports: the player class's `name`, also through functools.partial."""
    target = getattr(factory, "func", factory)  # a partial(RuleOfThumbPlayer, style=...)
    name = getattr(target, "name", None) or getattr(target, "__name__", repr(target))
    return cast(str, name)
