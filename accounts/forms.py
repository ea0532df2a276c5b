"""Forms of a player's own pages. They check the shape of the input; the services decide."""

from __future__ import annotations

from typing import Any

from django import forms

from .models import Audience, GoingUnder
from .preferences import PREFERENCES
from .services.settings import (
    DISPLAY_NAME_MAX,
    DISPLAY_NAME_MIN,
    SettingsRefused,
    display_name_clean,
)


class AccountSettingsForm(forms.Form):
    display_name = forms.CharField(
        label="Display name",
        strip=True,
        help_text=(
            f"What other players see. {DISPLAY_NAME_MIN} to {DISPLAY_NAME_MAX} letters, digits, "
            "spaces and . _ -; nobody else may have it, however it is capitalised."
        ),
        # the length is checked with the other rules, in one message (display_name_clean)
        widget=forms.TextInput(
            attrs={
                "autocomplete": "nickname",
                "minlength": DISPLAY_NAME_MIN,
                "maxlength": DISPLAY_NAME_MAX,
            }
        ),
    )
    going_under = forms.ChoiceField(
        label="Going under",
        choices=GoingUnder.choices,
        widget=forms.RadioSelect,
    )

    def clean_display_name(self) -> str:
        try:
            return display_name_clean(display_name=self.cleaned_data["display_name"])
        except SettingsRefused as refused:
            raise forms.ValidationError(refused.message, code=refused.code) from refused


class DisplayPreferencesForm(forms.Form):
    """Seed 003's display preferences (accounts.preferences): one field each, in its order."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, preference in PREFERENCES.items():
            if preference.choices:
                self.fields[name] = forms.ChoiceField(
                    label=preference.label,
                    help_text=preference.help,
                    choices=preference.choices,
                    widget=forms.RadioSelect,
                )
            else:
                self.fields[name] = forms.BooleanField(
                    label=preference.label, help_text=preference.help, required=False
                )


class NotificationEmailsForm(forms.Form):
    notification_emails = forms.BooleanField(
        label="E-mail me what I should not miss",
        help_text=(
            "An invitation to a table or a league, a friend request and its acceptance, gold "
            "bought or refunded, and a block of your account. Everything else shows only on "
            "your notifications page."
        ),
        required=False,
    )


class PrivacySettingsForm(forms.Form):
    presence_visible_to = forms.ChoiceField(
        label="Who sees when I am online, and at which table",
        choices=Audience.choices,
        widget=forms.RadioSelect,
    )
    challenges_from = forms.ChoiceField(
        label="Who may challenge me to a game",
        choices=Audience.choices,
        widget=forms.RadioSelect,
    )
