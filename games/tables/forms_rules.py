"""The rule options of a table as a form, for private tables and league tables alike.

A named game (the preset select) fills in every option; the options are what the table gets,
so a player may start from a preset and change any of them. Each option says in one line what
it does (`games.rule_texts`). The engine decides which combinations are playable: the form shows
its refusal as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms

from games.engine import PRESETS, InvalidRules, RuleOptions
from games.engine.rules import SEATS
from games.rule_texts import (
    CUSTOM,
    CUSTOM_LABEL,
    OPTION_DEFAULTS,
    OPTION_GROUPS,
    OPTION_TEXTS,
    PRESET_LABELS,
    preset_options,
)


def _coerce_bool(value: str) -> bool:
    return value == "True"


_COERCE: dict[type, Callable[[str], Any]] = {int: int, str: str, bool: _coerce_bool}


def _option_field(name: str) -> forms.Field:
    """An on/off option is a checkbox (left out: off); an option with choices is a select (left
    out: the standard game's choice), so a form that sends only some options still works."""
    text, default = OPTION_TEXTS[name], OPTION_DEFAULTS[name]
    if not text.choices:
        return forms.BooleanField(
            required=False, initial=default, label=text.label, help_text=text.help
        )
    return forms.TypedChoiceField(
        choices=[(str(value), words) for value, words in text.choices],
        coerce=_COERCE[type(default)],
        empty_value=None,
        required=False,
        initial=str(default),
        label=text.label,
        help_text=text.help,
    )


# options shown as selects: their values travel as text
_SELECTS = {name for name, text in OPTION_TEXTS.items() if text.choices}


def preset_initial(name: str) -> dict[str, Any]:
    """A form's starting values for a preset: the preset's name and all its options."""
    options = preset_options(name)
    return {
        "preset": name,
        **{key: str(value) if key in _SELECTS else value for key, value in options.items()},
    }


def rules_initial(rules: RuleOptions) -> dict[str, Any]:
    """A form's starting values for options already chosen (a league's, to edit them): the
    preset's name when they are a preset's, else the custom choice, and every option."""
    options = rules.to_dict()
    preset = next((name for name in PRESETS if preset_options(name) == options), CUSTOM)
    return {
        "preset": preset,
        **{key: str(value) if key in _SELECTS else value for key, value in options.items()},
    }


@dataclass(frozen=True)
class OptionGroup:
    title: str
    fields: list[forms.BoundField]
    changed: list[str]  # labels of the options that differ from the standard game
    open: bool


def _shows_default(field: forms.BoundField) -> bool:
    """Whether the field shows the standard game's value (as sent, or as it starts)."""
    default, value = OPTION_DEFAULTS[field.name], field.value()
    if field.name in _SELECTS:
        return value in (None, "") or str(value) == str(default)
    return bool(value) == default


def filled_initial(data: Mapping[str, str]) -> dict[str, Any]:
    """The starting values of a rules form sent with "Use these rules" (no page script to fill
    the options when the preset changed): the chosen preset's options, the other fields as
    sent."""
    kept = {name: value for name, value in data.items() if name != "csrfmiddlewaretoken"}
    preset = data.get("preset", "")
    return kept | preset_initial(preset) if preset in PRESETS else kept


class TableRulesForm(forms.Form):
    preset = forms.ChoiceField(
        choices=[*PRESET_LABELS.items(), (CUSTOM, CUSTOM_LABEL)],
        required=False,
        initial="standard",
        label="Rules",
        help_text="Choose a game by name: its options below are filled in, and you can change "
        "any of them.",
    )
    variant = _option_field("variant")
    hand_size = _option_field("hand_size")
    deck = _option_field("deck")
    target_score = _option_field("target_score")
    win_by_two = _option_field("win_by_two")
    stick_the_dealer = _option_field("stick_the_dealer")
    no_trump = _option_field("no_trump")
    going_under = _option_field("going_under")
    going_under_form = _option_field("going_under_form")
    farmers_hand = _option_field("farmers_hand")
    ace_no_face = _option_field("ace_no_face")
    no_ace_no_face_no_trump = _option_field("no_ace_no_face_no_trump")
    partner_takes_upcard = _option_field("partner_takes_upcard")
    dealers_partner_alone = _option_field("dealers_partner_alone")
    first_dealer = _option_field("first_dealer")
    benny = _option_field("benny")
    upturned_benny = _option_field("upturned_benny")
    defend_alone = _option_field("defend_alone")
    robson = _option_field("robson")
    renege = _option_field("renege")
    call_ace_printed_suit = _option_field("call_ace_printed_suit")
    dealer_may_discard_upcard = _option_field("dealer_may_discard_upcard")
    opening_lead = _option_field("opening_lead")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if any(name in self.errors for name in OPTION_TEXTS):
            return data  # each field says what is wrong with it first
        options = {
            name: OPTION_DEFAULTS[name] if data.get(name) is None else data[name]
            for name in OPTION_TEXTS
        }
        try:
            data["rules"] = RuleOptions(**options)
        except InvalidRules as refused:
            message = str(refused)
            # the engine names the options it refuses: mark them, so that their boxes open
            for name in OPTION_TEXTS:
                if re.search(rf"\b{name}\b", message):
                    self.add_error(name, "Not with the other choices: see above.")
            raise forms.ValidationError(message, code="invalid_rules") from refused
        return data

    def rules(self) -> RuleOptions:
        return self.cleaned_data["rules"]

    def option_groups(self) -> list[OptionGroup]:
        """The options in their boxes, for the page: the first box (the game) always open, the
        others open when an option in them differs from the standard game or is refused."""
        groups = []
        for number, (title, names) in enumerate(OPTION_GROUPS):
            bound = [self[name] for name in names]
            changed = [field.label for field in bound if not _shows_default(field)]
            refused = any(field.errors for field in bound)
            groups.append(
                OptionGroup(title, bound, changed, number == 0 or bool(changed) or refused)
            )
        return groups

    def seat_count(self) -> int:
        """The seats at a table of the variant chosen (or shown) now."""
        return SEATS.get(str(self["variant"].value()), 4)

    @staticmethod
    def presets_for_script() -> dict[str, Any]:
        """What the page's script needs to fill the options from a preset and to say how many
        sit at the table: every preset's options (as the form's fields write them), the seats of
        each variant."""
        return {
            "presets": {name: preset_initial(name) for name in PRESETS},
            "seats": SEATS,
        }
