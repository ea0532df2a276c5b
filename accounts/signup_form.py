"""allauth's sign-up form with the public display name (settings.ACCOUNT_FORMS["signup"])."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import SignupForm as AllauthSignupForm
from django import forms
from django.db import transaction
from django.http import HttpRequest
from django.template.response import TemplateResponse

from .models import User
from .services.settings import (
    DISPLAY_NAME_MAX,
    DISPLAY_NAME_MIN,
    SettingsRefused,
    display_name_available,
    display_name_clean,
)


class DisplayNameTaken(Exception):
    """The database refused the name: another newcomer took it (or one that looks like it)
    after our form checked."""

    def __init__(self, refusal: SettingsRefused) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


class SignupForm(AllauthSignupForm):
    display_name = forms.CharField(
        label="Display name",
        min_length=DISPLAY_NAME_MIN,
        max_length=DISPLAY_NAME_MAX,
        help_text=(
            f"What other players see at the table and in the rankings: {DISPLAY_NAME_MIN} to "
            f"{DISPLAY_NAME_MAX} letters, digits, spaces, dots, dashes or underscores."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    field_order = ["email", "display_name", "password1", "password2"]

    def clean_display_name(self) -> str:
        try:
            name = display_name_clean(display_name=self.cleaned_data["display_name"])
            display_name_available(display_name=name)
        except SettingsRefused as refused:
            raise forms.ValidationError(refused.message, code=refused.code) from refused
        return name

    def save(self, request: HttpRequest) -> User:
        # the user, their address and their referral are created together or not at all
        with transaction.atomic():
            return super().save(request)

    def try_save(self, request: HttpRequest) -> tuple[User | None, Any]:
        try:
            return super().try_save(request)
        except DisplayNameTaken as taken:
            # lost a race for the name: show the form again with the reason, like any refusal
            refusal = taken.refusal
            self.add_error(
                "display_name", forms.ValidationError(refusal.message, code=refusal.code)
            )
            return None, TemplateResponse(request, "account/signup.html", {"form": self})
