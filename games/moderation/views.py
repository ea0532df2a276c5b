"""A player's side of moderation: reporting a player at their table, and acknowledging a staff
warning. Thin: each view calls one service and answers or redirects with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from .forms import ReportForm
from .services.decisions import ModerationRefused, warning_acknowledge
from .services.reports import ReportRejected, report_create


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


@login_required
@require_POST
def table_report(request: HttpRequest, game_id: int) -> JsonResponse:
    """Called by the table page's script; answers JSON either way."""
    form = ReportForm(request.POST)
    if not form.is_valid():
        return JsonResponse({"ok": False, "message": "Choose a player and a reason."}, status=400)
    try:
        report_create(
            reporter_id=request.user.pk,
            game_id=game_id,
            seat=form.cleaned_data["seat"],
            reason=form.cleaned_data["reason"],
            details=form.cleaned_data["details"],
        )
    except ReportRejected as rejected:
        return JsonResponse({"ok": False, "message": rejected.message}, status=400)
    return JsonResponse({"ok": True, "message": "Thank you: staff will review your report."})
