"""A player's own pages. Thin: read the form, call the service, say what happened."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from .forms import (
    AccountSettingsForm,
    DisplayPreferencesForm,
    NotificationEmailsForm,
    PrivacySettingsForm,
)
from .preferences import PreferenceRefused
from .selectors import invited_friends_count
from .services.notifications import notification_emails_set
from .services.preferences import display_preferences_update
from .services.settings import SettingsRefused, account_settings_update, privacy_settings_update

# the settings page holds two forms; this field of the display form tells them apart
DISPLAY_FORM = "display"


@login_required
@require_http_methods(["GET", "POST"])
def account_settings(request: HttpRequest) -> HttpResponse:
    user = request.user
    posted_display = request.method == "POST" and request.POST.get("form") == DISPLAY_FORM
    form = AccountSettingsForm(
        request.POST if request.method == "POST" and not posted_display else None,
        initial={"display_name": user.display_name, "going_under": user.going_under},
    )
    display_form = DisplayPreferencesForm(
        request.POST if posted_display else None, initial=user.table_display
    )
    if posted_display and display_form.is_valid():
        try:
            display_preferences_update(user_id=user.pk, changes=display_form.cleaned_data)
        except PreferenceRefused as refused:
            display_form.add_error(refused.field, refused.message)
        else:
            messages.success(request, "Your display preferences are saved.")
            return redirect(reverse("accounts:settings") + "#display")
    elif request.method == "POST" and not posted_display and form.is_valid():
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
            "display_form": display_form,
            "display_form_name": DISPLAY_FORM,
            "invite_url": request.build_absolute_uri(
                reverse("accounts:invite", args=[user.invite_code])
            ),
            "friends": invited_friends_count(user_id=user.pk),
            "emails_form": NotificationEmailsForm(
                initial={"notification_emails": user.notification_emails}
            ),
            "privacy_form": PrivacySettingsForm(
                initial={
                    "presence_visible_to": user.presence_visible_to,
                    "challenges_from": user.challenges_from,
                }
            ),
        },
    )


@login_required
@require_POST
def privacy_settings_save(request: HttpRequest) -> HttpResponse:
    """The settings page's privacy choices: who sees my presence, who may challenge me."""
    form = PrivacySettingsForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose friends, everyone or nobody for each question.")
        return redirect(reverse("accounts:settings") + "#privacy")
    try:
        privacy_settings_update(user_id=request.user.pk, **form.cleaned_data)
    except SettingsRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, "Your privacy choices are saved.")
    return redirect(reverse("accounts:settings") + "#privacy")


@login_required
@require_POST
def notification_emails_save(request: HttpRequest) -> HttpResponse:
    """The settings page's e-mail choice: an unticked box is "no e-mails"."""
    form = NotificationEmailsForm(request.POST)
    form.is_valid()  # a checkbox: always valid, absent means off
    enabled = form.cleaned_data["notification_emails"]
    notification_emails_set(user_id=request.user.pk, enabled=enabled)
    messages.success(
        request,
        "We will e-mail you what you should not miss."
        if enabled
        else "We will not e-mail you notifications; they still show on your notifications page.",
    )
    return redirect(reverse("accounts:settings") + "#emails")


@login_required
@require_POST
def display_preferences_save(request: HttpRequest) -> JsonResponse:
    """The table page's display menu: a JSON object of changed preferences; answers with every
    preference, or 400 naming the one refused."""
    try:
        changes = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        changes = None
    if not isinstance(changes, dict):
        return JsonResponse({"field": None, "message": "Send a JSON object."}, status=400)
    try:
        chosen = display_preferences_update(user_id=request.user.pk, changes=changes)
    except PreferenceRefused as refused:
        return JsonResponse({"field": refused.field, "message": refused.message}, status=400)
    return JsonResponse({"preferences": chosen})
