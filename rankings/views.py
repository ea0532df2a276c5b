"""Players' pages of results. Thin: each renders what a selector returns."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .selectors import player_profile


@login_required
@require_GET
def profile(request: HttpRequest, user_id: int) -> HttpResponse:
    found = player_profile(user_id=user_id)
    if found is None:
        raise Http404("There is no player with this number.")
    return render(
        request,
        "rankings/profile.html",
        {"profile": found, "is_me": found.player_id == request.user.pk},
    )
