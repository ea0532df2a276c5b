"""A player's side of moderation: the list of players they muted, and acknowledging a staff
warning. Thin: each view calls one service and redirects with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from .models import ChatMute
from .selectors_moderation import mutes_of
from .services.moderation import ModerationRefused, warning_acknowledge
from .services.mutes import chat_unmute


@login_required
@require_GET
def mutes(request: HttpRequest) -> HttpResponse:
    return render(request, "games/mutes.html", {"mutes": mutes_of(user_id=request.user.pk)})


@login_required
@require_POST
def unmute(request: HttpRequest, mute_id: int) -> HttpResponse:
    # the form names the mute, not the player: pages show no one's user id
    mute = get_object_or_404(
        ChatMute.objects.select_related("muted"), pk=mute_id, user=request.user
    )
    chat_unmute(user_id=request.user.pk, muted_id=mute.muted_id)
    messages.success(request, f"You see {mute.muted}'s chat again.")
    return redirect("games:mutes")


@login_required
@require_POST
def warning_acknowledge_view(request: HttpRequest, decision_id: int) -> HttpResponse:
    try:
        warning_acknowledge(user_id=request.user.pk, decision_id=decision_id)
    except ModerationRefused as refused:
        messages.error(request, refused.message)
    back = request.POST.get("next", "")
    # a path of this site (the page the form was on), never a view name: redirect("x") would
    # look "x" up as one and fail with a server error
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    return HttpResponseRedirect(back)
