"""The first lesson's pages (`services/lessons.py`): take it, turn the offer down, leave it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .services.lessons import lesson_leave, lesson_offer_close, lesson_start
from .services.tables import TableError


@login_required
@require_POST
def lesson_start_view(request: HttpRequest) -> HttpResponse:
    try:
        game = lesson_start(user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def lesson_dismiss(request: HttpRequest) -> HttpResponse:
    lesson_offer_close(user_id=request.user.pk)
    messages.info(request, "No lesson, then: the rules page offers it whenever you like.")
    return redirect("games:lobby")


@login_required
@require_POST
def lesson_leave_view(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        lesson_leave(game_id=game_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    messages.info(request, "You left the lesson. Take it again from the rules page any time.")
    return redirect("games:lobby")
