"""Forms of the private leagues' pages. Each only reads what the player typed; the services
decide (a name already taken, a player who is not a member...)."""

from __future__ import annotations

import uuid

from django import forms

from games.tables.forms_rules import TableRulesForm

from .models import League


def new_creation_key() -> str:
    return uuid.uuid4().hex


class LeagueCreateForm(TableRulesForm):
    """A private league: its name and description, the rule options of its tables (the private
    table's fields and `rules()`: any game, two to four seats), how players join and how long a
    season lasts. The hidden one-time key makes a second submit of the same form find the first
    league."""

    name = forms.CharField(
        min_length=2,
        max_length=60,
        label="League name",
        help_text="2 to 60 characters; no other league may have it (in any case).",
    )
    description = forms.CharField(
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="What the league is about, when you play... (up to 1000 characters).",
    )
    joining = forms.ChoiceField(
        choices=League.Joining.choices,
        initial=League.Joining.INVITATION,
        widget=forms.RadioSelect,
        label="Who can join",
    )
    season_length = forms.ChoiceField(
        choices=League.SeasonLength.choices,
        initial=League.SeasonLength.MONTH,
        label="A season lasts",
    )
    creation_key = forms.CharField(max_length=64, widget=forms.HiddenInput)

    field_order = ["name", "description", "joining", "season_length"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("creation_key", new_creation_key())

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())


class LeagueEditForm(TableRulesForm):
    """The organiser's changes: the creation form's fields but the season's length (seasons
    keep their rhythm) and the one-time key (an edit sent twice sets the same values)."""

    name = LeagueCreateForm.base_fields["name"]
    description = LeagueCreateForm.base_fields["description"]
    joining = LeagueCreateForm.base_fields["joining"]

    field_order = ["name", "description", "joining"]

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())


class LeagueInviteForm(forms.Form):
    name = forms.CharField(max_length=254, label="Player's name")


class HandOverForm(forms.Form):
    """The member who becomes organiser (the page lists the members to choose from)."""

    player = forms.IntegerField(min_value=1)
