"""A player's list of the players they muted, and unmuting one. Thin: each view calls one
service and redirects with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from .models import ChatMute
from .selectors import mutes_of
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
