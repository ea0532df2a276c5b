"""The admin's user forms, for a user model keyed by e-mail instead of a username. Staff set a
display name under the same rules as players (accounts.services.settings)."""

from django import forms
from django.contrib.auth.forms import BaseUserCreationForm, UserChangeForm

from .models import User
from .services.settings import SettingsRefused, display_name_available, display_name_clean


class DisplayNameRules:
    """Mixed into the admin's model forms."""

    cleaned_data: dict
    instance: User

    def clean_display_name(self) -> str:
        name = self.cleaned_data.get("display_name") or ""
        if name:  # staff accounts may have none
            try:
                name = display_name_clean(display_name=name)
                display_name_available(display_name=name, user_id=self.instance.pk)
            except SettingsRefused as refused:
                raise forms.ValidationError(refused.message, code=refused.code) from refused
        # the key is no form field: it is set here, with the name, for the save
        self.instance.display_name_set(name)
        return name


class UserCreationAdminForm(DisplayNameRules, BaseUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "display_name")


class UserChangeAdminForm(DisplayNameRules, UserChangeForm):
    class Meta:
        model = User
        fields = "__all__"
