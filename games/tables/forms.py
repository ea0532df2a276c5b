"""Forms of the lobby and the table pages."""

from __future__ import annotations

from django import forms

from games.models import ComputerLevel
from games.players.levels import unknown_level_message
from games.rule_texts import PRESET_LABELS, QUICK_PLAY_VARIANTS

from .forms_rules import TableRulesForm
from .level_texts import level_choices


def _computer_level_field(help_text: str, explained: bool = False) -> forms.ChoiceField:
    """The level of the computers; `explained`: each choice says in a line what it means."""
    return forms.ChoiceField(
        choices=level_choices() if explained else ComputerLevel.choices,
        initial=ComputerLevel.STRONG,
        label="Computer players",
        required=False,  # left out: the strongest
        help_text=help_text,
        error_messages={"invalid_choice": unknown_level_message("%(value)s")},
    )


class PrivateTableForm(TableRulesForm):
    """A private table: its rule options and how well the computers in empty seats play."""

    computer_level = _computer_level_field(
        "How the computers in empty seats play. A computer standing in for a person who left "
        "or ran out of time always plays its best.",
        explained=True,
    )

    def level(self) -> str:
        return self.cleaned_data["computer_level"] or ComputerLevel.STRONG


class QuickPlayForm(forms.Form):
    """The game a player looks for a public table of (left out: the standard game)."""

    variant = forms.ChoiceField(
        choices=[(name, PRESET_LABELS[name]) for name in QUICK_PLAY_VARIANTS],
        initial=QUICK_PLAY_VARIANTS[0],
        required=False,
        label="Game",
    )

    # the seating filters (left out: off) and a friend to queue with as partners (left out:
    # alone); the quick-play panel's partners' part (`_quick_play_partners.html`) offers them
    people_only = forms.BooleanField(required=False, label="People only")
    avoid_muted = forms.BooleanField(required=False, label="Avoid the players I muted")
    partner = forms.IntegerField(required=False, min_value=1, max_value=2**31 - 1)

    def variant_name(self) -> str:
        return self.cleaned_data["variant"] or QUICK_PLAY_VARIANTS[0]


class PartnerAnswerForm(forms.Form):
    """An answer to a friend's invitation to queue as partners: whose, and my filters."""

    from_id = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    people_only = forms.BooleanField(required=False)
    avoid_muted = forms.BooleanField(required=False)


class PlayNowForm(QuickPlayForm):
    """Play at once: the game, and how well the computers in the empty seats play."""

    computer_level = _computer_level_field("How the computers in the empty seats play.")

    def level(self) -> str:
        return self.cleaned_data["computer_level"] or ComputerLevel.STRONG


class InviteForm(forms.Form):
    # by display name only: an e-mail address would reveal whether it has an account
    name = forms.CharField(max_length=254, label="Player's display name")


class SeatInviteForm(forms.Form):
    """The waiting room's "Invite a friend": which friend (the select offers the host's)."""

    friend = forms.IntegerField(min_value=1, max_value=2**31 - 1, label="Friend")
