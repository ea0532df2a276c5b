"""The challenge form: the private table's form (rules and computers' level, the same as
"open a table"), whom, and where they sit."""

from __future__ import annotations

from django import forms

from games.tables.forms import PrivateTableForm

from .models import ChallengeSeat


class ChallengeForm(PrivateTableForm):
    to = forms.IntegerField(min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)
    seat = forms.ChoiceField(
        choices=ChallengeSeat.choices,
        initial=ChallengeSeat.AGAINST,
        widget=forms.RadioSelect,
        label="Where they sit",
        help_text="As your partner in a game of fixed partners (opposite you), or against you. "
        "Computers take the other seats.",
    )
