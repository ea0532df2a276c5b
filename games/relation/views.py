"""Sending a friend request, from the friends page's search, a profile or a game's record.
Thin: one service (with the mutes' rule), then back to the page with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from accounts.friends.services import FriendRefused, SendOutcome, player_name
from accounts.friends.views import back_to

from .services import friend_request_send


@login_required
@require_POST
def friend_request_send_view(request: HttpRequest, user_id: int) -> HttpResponse:
    try:
        sent = friend_request_send(user_id=request.user.pk, other_id=user_id)
    except FriendRefused as refused:
        messages.error(request, refused.message)
    else:
        name = player_name(sent.other)
        if sent.outcome == SendOutcome.BECAME_FRIENDS:
            messages.success(request, f"{name} had asked you already: you are friends now.")
        else:
            messages.success(request, f"Friend request sent: {name} will see it.")
    return back_to(request)
