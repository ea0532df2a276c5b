"""A player's notifications page. Opening it marks the notifications it shows read; "mark all
read" marks the rest."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from .selectors_notifications import notifications_page
from .services.notifications import notifications_mark_all_read, notifications_mark_read


@login_required
@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    page = notifications_page(user_id=request.user.pk, page_number=request.GET.get("page"))
    shown = list(page.object_list)
    # seen now; the page still shows which were new (the rows were read before marking)
    notifications_mark_read(
        user_id=request.user.pk, notification_ids=[each.pk for each in shown if not each.is_read]
    )
    return render(request, "accounts/notifications.html", {"page": page, "notifications": shown})


@login_required
@require_POST
def notifications_read_all(request: HttpRequest) -> HttpResponse:
    marked = notifications_mark_all_read(user_id=request.user.pk)
    if marked:
        messages.success(request, "All your notifications are marked read.")
    return redirect("notifications:list")
