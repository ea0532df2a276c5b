"""Finding the moments the table page must draw: the engine plays games of a variant (every seat
choosing as the computer does) until a seat faces the wanted choice, and the harness table then
puts me in that seat."""

from __future__ import annotations

from collections.abc import Callable

from games.engine import Game, RuleOptions
from games.players import choose_action

from .table_harness import HarnessTable

# a seat view's moment: (the engine's game, the seat to act) -> wanted?
Moment = Callable[[Game, int], bool]


def table_at(rules: RuleOptions, wanted: Moment, seeds: int = 400) -> HarnessTable:
    """The first moment of any of `seeds` games where `wanted` holds for the seat to act, as a
    harness table with me in that seat."""
    for number in range(seeds):
        game = Game(rules, f"moment{number}")
        while not game.is_over:
            seat = game.to_act
            if wanted(game, seat):
                table = HarnessTable(rules, f"moment{number}", my_seat=seat)
                for action in game.actions:
                    table.apply(action)
                return table
            game = game.apply(choose_action(game.view(seat), rules), seat)
    raise AssertionError(f"no seed of {seeds} reaches the moment")


def phase_is(phase: str) -> Moment:
    return lambda game, seat: game.phase == phase


def offers(prefix: str) -> Moment:
    return lambda game, seat: any(action.startswith(prefix) for action in game.legal_actions())


def can_renege(game: Game, seat: int) -> bool:
    """My turn to follow, holding a card of the led suit and another I may play instead."""
    view = game.view(seat)
    return (
        game.phase == "play"
        and bool(view.trick)
        and 0 < len(view.honest_actions) < len(view.legal_actions)
    )


def first_hand_call_ace(game: Game, seat: int) -> bool:
    """Call-ace: I made trump in the first hand and may call an ace (not only go alone)."""
    legal = game.legal_actions()
    return game.phase == "call_ace" and game.hand_number == 0 and len(legal) > 1
