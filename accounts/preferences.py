"""A player's display preferences at the table: seed 003's settings of the Card Games app.

Seed 003: "Automatic Card Flipping: If enabled, cards automatically flip over at the end of each
trick. If disabled, they flip over by pressing the device screen." "Trick Arrow", "Card
Selection: If 'Once' is selected, a card is selected by pressing it once ... If 'Twice' is
selected, you need to press the white frame after selecting a card." "Sorting Hand",
"Rearranging Hand: If enabled, the cards in your hand can be swapped." the scoreboard and the
"Trick Counter". Issue 53 adds a four-colour deck and larger cards.

Stored as a JSON object on the player (`User.display_preferences`) holding only what they
changed; `display_preferences_of` fills in the defaults, so a new preference needs no migration.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Preference(NamedTuple):
    default: bool | str
    label: str
    help: str
    # the values a choice may take, with what the settings page says of each; () for on/off
    choices: tuple[tuple[str, str], ...] = ()


PREFERENCES: dict[str, Preference] = {
    "auto_flip": Preference(
        True,
        "Automatic card flipping",
        "At the end of a trick the cards are cleared by themselves; off, they stay until you "
        "click the table.",
    ),
    "trick_arrow": Preference(
        True, "Trick arrow", "An arrow on the table points at the card taking the trick."
    ),
    "card_selection": Preference(
        "once",
        "Card selection",
        "How many clicks play or discard a card.",
        (("once", "Once: a click plays the card"), ("twice", "Twice: select it, then confirm")),
    ),
    "sort_hand": Preference(
        "trump_first",
        "Sorting your hand",
        "The order of the cards in your hand.",
        (
            ("trump_first", "By suit, trump first with both bowers"),
            ("suits", "By suit as printed (the left bower stays in its own suit)"),
            ("rank", "By strength, strongest first"),
        ),
    ),
    "rearrange_hand": Preference(
        False, "Rearranging your hand", "Drag a card sideways to move it within your hand."
    ),
    "hints": Preference(
        True,
        "Hints",
        "A Hint button at your private tables with computers: the strong computer player's "
        "choice for your turn, and the points it expects from each choice.",
    ),
    "show_scoreboard": Preference(
        True, "Show the scoreboard", "The score and this hand's tricks beside the table."
    ),
    "trick_counter": Preference(
        True, "Trick counter", "Each player's tricks this hand, shown by their seat."
    ),
    # issue 53: for players who tell suits apart by colour more easily than by shape, and for
    # those who need the cards bigger
    "four_colour": Preference(
        False,
        "Four-colour deck",
        "Clubs green and diamonds blue, so that each suit has its own colour.",
    ),
    "large_cards": Preference(False, "Larger cards", "Bigger cards in your hand and on the table."),
}


class PreferenceRefused(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def display_preferences_of(stored: Any) -> dict[str, bool | str]:
    """Every preference: the stored value where it is valid, else the default."""
    stored = stored if isinstance(stored, dict) else {}
    chosen: dict[str, bool | str] = {}
    for name, preference in PREFERENCES.items():
        value = stored.get(name, preference.default)
        chosen[name] = value if _valid(preference, value) else preference.default
    return chosen


def display_preferences_clean(changes: dict[str, Any]) -> dict[str, bool | str]:
    """The changes as they will be stored; refuses an unknown name or a value it cannot take."""
    cleaned: dict[str, bool | str] = {}
    for name, value in changes.items():
        preference = PREFERENCES.get(name)
        if preference is None:
            raise PreferenceRefused(name, f"There is no display preference called {name!r}.")
        if not _valid(preference, value):
            allowed = (
                ", ".join(value for value, _label in preference.choices)
                if preference.choices
                else "true or false"
            )
            raise PreferenceRefused(name, f"{preference.label} must be {allowed}.")
        cleaned[name] = value
    return cleaned


def _valid(preference: Preference, value: Any) -> bool:
    if preference.choices:
        return isinstance(value, str) and value in dict(preference.choices)
    return type(value) is bool
