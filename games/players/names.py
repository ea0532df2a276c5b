"""What the computers at a table are called: a small cast of names per level, so that a summary
says "Ada ordered it up" rather than "Computer · strong ordered it up", and three computers at one
table are three players a person can tell apart.

A computer's name is derived, never stored: from the game's id and the seat's position. Within
one game the seats take consecutive names of their level's cast (two-, three- and four-seat
tables alike: the cast is longer than any table), and the game's id turns where the cast starts
and which way round it goes, so that one table's Ada is not always in seat 2.
"""

from __future__ import annotations

from .levels import LEVELS

# six a level: more than a table has seats. A person may have one of these names too: the level
# badge beside a computer's name tells them apart at the table, and the record page adds
# "(computer)" where one table holds both
CAST: dict[str, tuple[str, ...]] = {
    "easy": ("Pip", "Milo", "Bea", "Ted", "Wren", "Rosie"),
    "normal": ("Cora", "Finn", "Iris", "Jude", "Leo", "Maya"),
    "strong": ("Ada", "Hugo", "Vera", "Otto", "Sage", "Zora"),
}
assert set(CAST) == set(LEVELS), "a cast for every level"
assert all(len(cast) == 6 for cast in CAST.values()), "six names a level"


def computer_name(*, level: str, game_id: int, position: int) -> str:
    """The name of the computer playing `position` at game `game_id` at `level` ("Ada"): the
    same every time it is asked, and no other seat of the game has it."""
    cast = CAST.get(level, CAST["strong"])
    size = len(cast)
    start = game_id % size
    # 1 or 5 (both prime to six): half the games go round the cast the other way
    step = 1 if (game_id // size) % 2 == 0 else size - 1
    return cast[(start + step * position) % size]


def computer_initial(name: str) -> str:
    """The letter a computer's face shows ("A" for Ada)."""
    return name[:1].upper()
