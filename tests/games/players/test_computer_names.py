"""The computers' names (issue 53): a name each at every table, derived from the game and the
seat, from its level's cast."""

from __future__ import annotations

import pytest

from games.players.levels import LEVELS
from games.players.names import CAST, computer_initial, computer_name


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_computer_at_a_table_has_a_name_of_its_own(level: str, seats: int) -> None:
    seen: set[str] = set()
    for game_id in range(1, 200):
        names = [
            computer_name(level=level, game_id=game_id, position=position)
            for position in range(seats)
        ]
        assert len(set(names)) == seats, (game_id, names)
        assert set(names) <= set(CAST[level])
        seen.update(names)
    assert seen == set(CAST[level])  # the whole cast plays, in every seat count


def test_a_name_is_the_same_every_time_and_tables_differ() -> None:
    name = computer_name(level="strong", game_id=41, position=2)
    assert name == computer_name(level="strong", game_id=41, position=2)
    at_seat_one = {computer_name(level="strong", game_id=game, position=1) for game in range(12)}
    assert len(at_seat_one) == len(CAST["strong"])  # not always the same name in one seat
    assert computer_initial(name) == name[0].upper()


def test_the_casts_of_the_levels_are_apart() -> None:
    everyone = [name for cast in CAST.values() for name in cast]
    assert len(everyone) == len(set(everyone))  # a name tells its level
