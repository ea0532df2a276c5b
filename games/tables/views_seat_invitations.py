"""Invitations into an open seat (issue 54): the host's "Invite a friend" in the waiting room,
and the friend's answer, from the live prompt (`seat-invite.js`, which asks for JSON) or from
the invitation's page (its notification's link, and pages without scripts)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.tables.models import SeatInvitation

from .forms import SeatInviteForm
from .services.seat_invitations import (
    SEAT_INVITATION_SECONDS,
    seat_invitation_accept,
    seat_invitation_decline,
    seat_invite,
)
from .services.tables import TableError


@login_required
@require_POST
def seat_invite_view(request: HttpRequest, game_id: int) -> HttpResponse:
    form = SeatInviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose one of your friends to invite.")
        return redirect("games:table", game_id=game_id)
    try:
        invitation = seat_invite(
            game_id=game_id, user_id=request.user.pk, friend_id=form.cleaned_data["friend"]
        )
    except TableError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"You invited {invitation.to_user.display_name}: they have "
            f"{SEAT_INVITATION_SECONDS // 60} minutes to answer.",
        )
    return redirect("games:table", game_id=game_id)


@login_required
@require_GET
def seat_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """The invitation, its state, and "Accept" and "Decline" while it waits."""
    invitation = (
        SeatInvitation.objects.select_related("from_user", "game")
        .filter(pk=invitation_id, to_user=request.user)
        .first()
    )
    return render(
        request,
        "games/seat_invitation.html",
        {"invitation": invitation, "waiting": SeatInvitation.Status.WAITING},
        status=200 if invitation else 404,
    )


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@login_required
@require_POST
def seat_invitation_answer(request: HttpRequest, invitation_id: int, answer: str) -> HttpResponse:
    """`answer`: "accept" (the table, where the friend now sits) or "decline"."""
    try:
        if answer == "accept":
            game = seat_invitation_accept(invitation_id=invitation_id, user_id=request.user.pk)
            table_url = reverse("games:table", args=[game.pk])
            if _wants_json(request):
                return JsonResponse({"table_url": table_url})
            return redirect(table_url)
        seat_invitation_decline(invitation_id=invitation_id, user_id=request.user.pk)
    except TableError as error:
        if _wants_json(request):
            return JsonResponse({"error": error.message, "code": error.code}, status=409)
        messages.error(request, error.message)
        return redirect("games:seat_invitation", invitation_id=invitation_id)
    if _wants_json(request):
        return JsonResponse({"declined": True})
    messages.info(request, "You declined the invitation.")
    return redirect("games:lobby")
