"""The friends page and its answers: accept, decline, cancel, remove. Thin: each POST calls one
service and redirects back with a message. Sending a request is the games app's view
(`games.relation.views`), so that the mutes' rule always applies."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from ..models import User
from .selectors import friends_page, players_search, search_text_clean
from .services import (
    FriendRefused,
    friend_request_accept,
    friend_request_cancel,
    friend_request_decline,
    friendship_remove,
    player_name,
)


def back_to(request: HttpRequest) -> HttpResponseRedirect:
    """Back to the page the form was on (`next`, a path of this site), else the friends page."""
    back = request.POST.get("next", "")
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("friends:list")
    return HttpResponseRedirect(back)


@login_required
@require_GET
def friends_list(request: HttpRequest) -> HttpResponse:
    """My friends, the requests waiting either way, and the search by display name (?q=)."""
    text = search_text_clean(request.GET.get("q"))
    page = friends_page(user_id=request.user.pk)
    profile_url, remove_url = url_by_id("rankings:profile"), url_by_id("friends:remove")
    return render(
        request,
        "accounts/friends/friends.html",
        {
            "page": page,
            # each friend's row with its two links (a list of 200 friends is the page's cost)
            "friend_rows": [
                (friend, profile_url(friend.user_id), remove_url(friend.user_id))
                for friend in page.friends
            ],
            "q": text,
            "found": players_search(user_id=request.user.pk, text=text) if text else None,
        },
    )


def url_by_id(name: str) -> Callable[[int], str]:
    """The URL of `name` (one id argument) for any id, reversed once: a `{% url %}` a row was
    half of rendering the rows of a 200-friend page (0.1 ms a reverse)."""
    marker = 987654321
    head, tail = reverse(name, args=[marker]).split(str(marker))
    return lambda pk: f"{head}{pk}{tail}"


def _answer(
    request: HttpRequest, act: Callable[[], User], said: Callable[[str], str]
) -> HttpResponse:
    try:
        other = act()
    except FriendRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, said(player_name(other)))
    return back_to(request)


@login_required
@require_POST
def accept(request: HttpRequest, user_id: int) -> HttpResponse:
    return _answer(
        request,
        lambda: friend_request_accept(user_id=request.user.pk, from_id=user_id),
        lambda name: f"You and {name} are friends now.",
    )


@login_required
@require_POST
def decline(request: HttpRequest, user_id: int) -> HttpResponse:
    return _answer(
        request,
        lambda: friend_request_decline(user_id=request.user.pk, from_id=user_id),
        lambda name: f"You declined {name}'s friend request.",
    )


@login_required
@require_POST
def cancel(request: HttpRequest, user_id: int) -> HttpResponse:
    return _answer(
        request,
        lambda: friend_request_cancel(user_id=request.user.pk, to_id=user_id),
        lambda name: f"Your friend request to {name} is taken back.",
    )


@login_required
@require_POST
def remove(request: HttpRequest, user_id: int) -> HttpResponse:
    return _answer(
        request,
        lambda: friendship_remove(user_id=request.user.pk, friend_id=user_id),
        lambda name: f"{name} is no longer your friend.",
    )
