"""The admin's user forms, for a user model keyed by e-mail instead of a username."""

from django.contrib.auth.forms import BaseUserCreationForm, UserChangeForm

from .models import User


class UserCreationAdminForm(BaseUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "display_name")


class UserChangeAdminForm(UserChangeForm):
    class Meta:
        model = User
        fields = "__all__"
