"""Named presets: the games people ask for by name, each a set of rule options.

`python manage.py simulate --list-variants` lists them; `--variant NAME` plays one.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidRules
from .rules import RuleOptions

PRESETS: dict[str, dict[str, Any]] = {
    # seed 000's site game: four players, two partnerships, 24 cards
    "standard": {},
    # seed 003: the variants of the Card Games app
    "two_handed": {"variant": "two_handed"},
    "three_handed": {"variant": "three_handed"},
    # seed 004: three-person Euchre, seven cards each, four tricks to make
    "three_handed_seven": {"variant": "three_handed", "hand_size": 7},
    "call_ace": {"variant": "call_ace"},
    "benny_joker": {"benny": "joker"},
    "benny_two_of_spades": {"benny": "two_of_spades"},
    "deck_28": {"deck": 28},
    "deck_32": {"deck": 32},
    "robson": {"robson": True},
    "farmers_hand": {"farmers_hand": True},
    "ace_no_face": {"ace_no_face": True},
    "no_ace_no_face_no_trump": {"no_ace_no_face_no_trump": True},
    "partner_takes_upcard": {"partner_takes_upcard": True},
    # seed 001: the dealer's partner who makes trump plays alone (the Canadian loner)
    "canadian_loner": {"dealers_partner_alone": True},
    # seed 003: a renege loses every trick to the opponents
    "renege": {"renege": "all_tricks"},
    # seed 004: kitchen-table rules: first dealer by black jack, stick the dealer, farmer's
    # hand (call "Farmer's": those three nines and tens go under, shown to the table), a renege
    # gives two points
    "kitchen_table": {
        "first_dealer": "black_jack",
        "stick_the_dealer": True,
        "going_under": True,
        "going_under_form": "farmers_call",
        "renege": "two_points",
    },
}


def preset_rules(name: str, **overrides: Any) -> RuleOptions:
    if name not in PRESETS:
        raise InvalidRules(f"unknown variant {name!r}; the variants are: {', '.join(PRESETS)}")
    return RuleOptions.from_dict({**PRESETS[name], **overrides})
