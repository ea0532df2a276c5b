"""Forms of the lobby and the table pages."""

from __future__ import annotations

from django import forms

from games.engine import RuleOptions

from .models import AbuseReport, ComputerLevel


class TableRulesForm(forms.Form):
    """The rule options of a private table; each names the seed that describes it."""

    going_under = forms.BooleanField(
        required=False,
        initial=True,
        label="Going under (farmer's hand)",
        help_text="Three or more nines and tens: swap three cards with the kitty (seed 000).",
    )
    stick_the_dealer = forms.BooleanField(
        required=False,
        label="Stick the dealer",
        help_text="If all pass twice, the dealer must name trump (seeds 003, 004).",
    )
    defend_alone = forms.BooleanField(
        required=False,
        label="Defending alone",
        help_text="A lone defender who euchres the makers scores 4 (seeds 001-003).",
    )
    win_by_two = forms.BooleanField(
        required=False, label="Win by two", help_text="The game goes on until a two-point lead."
    )
    no_trump = forms.BooleanField(
        required=False,
        label="No trump",
        help_text="In round two a player may call no trump (seed 003).",
    )
    target_score = forms.TypedChoiceField(
        choices=[(5, "5 points"), (7, "7 points"), (10, "10 points"), (11, "11 points")],
        coerce=int,
        initial=10,
        label="Play to",
    )

    def rules(self) -> RuleOptions:
        data = self.cleaned_data
        return RuleOptions(
            going_under=data["going_under"],
            stick_the_dealer=data["stick_the_dealer"],
            defend_alone=data["defend_alone"],
            win_by_two=data["win_by_two"],
            no_trump=data["no_trump"],
            target_score=data["target_score"],
        )


class PrivateTableForm(TableRulesForm):
    """A private table: its rule options and how well the computers in empty seats play."""

    computer_level = forms.ChoiceField(
        choices=ComputerLevel.choices,
        initial=ComputerLevel.STRONG,
        label="Computer players",
        required=False,  # left out: the strongest
        help_text="How the computers in empty seats play. A computer standing in for a person "
        "who left or ran out of time always plays its best.",
    )

    def level(self) -> str:
        return self.cleaned_data["computer_level"] or ComputerLevel.STRONG


class InviteForm(forms.Form):
    # by display name only: an e-mail address would reveal whether it has an account
    name = forms.CharField(max_length=254, label="Player's display name")


class ReportForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=3)
    reason = forms.ChoiceField(choices=AbuseReport.Reason.choices)
    details = forms.CharField(max_length=1000, required=False)
