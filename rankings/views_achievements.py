"""The achievements page: seed 000's eighteen with our reading of each, which the player has and
how often, and their latest awards. Thin: it renders what the selectors return."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from economy.models import SILVER_CAP

from .achievements.catalogue import DEFAULT_SILVER
from .selectors_achievements import player_achievements, player_latest_awards


@login_required
@require_GET
def achievements(request: HttpRequest) -> HttpResponse:
    counts = player_achievements(user_id=request.user.pk)
    return render(
        request,
        "rankings/achievements.html",
        {
            "achievement_counts": counts,
            "earned_kinds": sum(count.times > 0 for count in counts),
            "latest_awards": player_latest_awards(user_id=request.user.pk),
            "default_silver": DEFAULT_SILVER,
            "silver_cap": SILVER_CAP,
        },
    )
