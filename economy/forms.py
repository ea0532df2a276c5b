"""The staff form that compensates or adjusts a player's coins."""

from __future__ import annotations

import uuid

from django import forms
from django.db.models import Q

from accounts.models import User

from .models import Currency


class CompensateForm(forms.Form):
    player = forms.CharField(help_text="E-mail address or display name.")
    currency = forms.ChoiceField(
        choices=[(Currency.SILVER, "Silver"), (Currency.GOLD, "Gold")], initial=Currency.GOLD
    )
    amount = forms.IntegerField(
        help_text="Positive: compensation (silver still stops at 200). Negative: adjustment "
        "(stops at zero)."
    )
    note = forms.CharField(
        max_length=200, help_text="Why, e.g. “server fault on 3 May lost game 1234”."
    )
    # made when the form is shown: submitting it twice moves coins once
    token = forms.CharField(widget=forms.HiddenInput, initial=lambda: uuid.uuid4().hex)

    def clean_player(self) -> User:
        name = self.cleaned_data["player"].strip()
        user = User.objects.filter(Q(email__iexact=name) | Q(display_name__iexact=name)).first()
        if user is None:
            raise forms.ValidationError(f"No player is called {name!r}.")
        return user

    def clean_amount(self) -> int:
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("The amount must not be zero.")
        return amount
