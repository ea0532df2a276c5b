"""The staff form that closes a month (rankings admin)."""

from __future__ import annotations

import re
from datetime import date

from django import forms

from .services.month_rerun import month_is_over, month_not_over_message

_YEAR_MONTH = re.compile(r"(\d{4})-(\d{2})")


class CloseMonthForm(forms.Form):
    month = forms.CharField(max_length=7, help_text="YYYY-MM, e.g. 2026-10: a month that is over.")

    def clean_month(self) -> date:
        text = self.cleaned_data["month"].strip()
        found = _YEAR_MONTH.fullmatch(text)
        if found is None or int(found.group(1)) < 1 or not 1 <= int(found.group(2)) <= 12:
            raise forms.ValidationError("Give the month as YYYY-MM, e.g. 2026-10.")
        year, month = int(found.group(1)), int(found.group(2))
        if not month_is_over(year=year, month=month):
            raise forms.ValidationError(month_not_over_message(year=year, month=month))
        return date(year, month, 1)
