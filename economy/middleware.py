"""The day's silver for entering the site (seed 000). Thin: the session remembers the day
already counted, so most requests cost one session lookup; the service's key makes the day
count once even across sessions and devices."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import SILVER_CAP
from .services.daily_visit import wallet_daily_visit

SESSION_KEY = "economy_daily_visit"


def today_on_site() -> date:
    """The calendar day in settings.TIME_ZONE, whatever zone a request activated."""
    return timezone.localtime(timezone.now(), timezone.get_default_timezone()).date()


class DailyVisitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            today = today_on_site()
            if request.session.get(SESSION_KEY) != today.isoformat():
                request.session[SESSION_KEY] = today.isoformat()
                self._count(request, user.pk, today)
        return self.get_response(request)

    @staticmethod
    def _count(request: HttpRequest, user_id: int, today: date) -> None:
        visit = wallet_daily_visit(user_id=user_id, today=today)
        if visit.credited:
            messages.success(request, f"+{visit.credited} silver for today's visit.")
        elif not visit.already_counted and visit.silver >= SILVER_CAP:
            messages.info(
                request,
                f"Your silver is full at {SILVER_CAP}, so today's visit adds none: "
                "spend some to earn more.",
            )
