from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.selectors import player_has_sat

from .health import site_health


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # a player who never sat at a table is new here: welcomed, not welcomed back
    newcomer = request.user.is_authenticated and not player_has_sat(user_id=request.user.pk)
    context = {"newcomer": newcomer, "welcome_silver": settings.ECONOMY_WELCOME_SILVER}
    return render(request, "home.html", context)


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """200 when every part answers, 503 otherwise; for load balancers and the run command."""
    checks = site_health(include_workers=request.GET.get("workers") != "0")
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"ok": healthy, "checks": checks}, status=200 if healthy else 503)
