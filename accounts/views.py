"""A player's own pages. Thin: read the form, call the service, say what happened."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .forms import AccountSettingsForm
from .selectors import invited_friends_count
from .services.settings import SettingsRefused, account_settings_update


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = AccountSettingsForm(
        request.POST or None,
        initial={"display_name": user.display_name, "going_under": user.going_under},
    )
    if request.method == "POST" and form.is_valid():
        try:
            account_settings_update(
                user_id=user.pk,
                display_name=form.cleaned_data["display_name"],
                going_under=form.cleaned_data["going_under"],
            )
        except SettingsRefused as refused:
            form.add_error(refused.field, refused.message)
        else:
            messages.success(request, "Your settings are saved.")
            return redirect("accounts:settings")
    return render(
        request,
        "accounts/settings.html",
        {
            "form": form,
            "invite_url": request.build_absolute_uri(
                reverse("accounts:invite", args=[user.invite_code])
            ),
            "friends": invited_friends_count(user_id=user.pk),
        },
    )
