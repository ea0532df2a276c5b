"""The form of a player's report on another player at their table (the table page's dialog)."""

from __future__ import annotations

from django import forms

from .models import AbuseReport


class ReportForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=3)
    reason = forms.ChoiceField(choices=AbuseReport.Reason.choices)
    details = forms.CharField(max_length=1000, required=False)
