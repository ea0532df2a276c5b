"""Computer players. Each sees only its own seat's `SeatView` (see `base.py`).

`PLAYER_KINDS` names the kinds the simulator and the `simulate` command can seat.
"""

from .base import ComputerPlayer, PlayerFactory, player_name
from .random_player import RandomPlayer
from .rule_of_thumb import RuleOfThumbPlayer, choose_action

PLAYER_KINDS: dict[str, PlayerFactory] = {
    RuleOfThumbPlayer.name: RuleOfThumbPlayer,
    RandomPlayer.name: RandomPlayer,
}


def _register_levels() -> None:
    # the levels build on the players above: imported after them
    from .levels import LEVEL_PLAYERS

    PLAYER_KINDS.update(LEVEL_PLAYERS)


_register_levels()

__all__ = [
    "PLAYER_KINDS",
    "ComputerPlayer",
    "PlayerFactory",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "choose_action",
    "player_name",
]
