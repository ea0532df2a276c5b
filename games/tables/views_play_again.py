""" "Play again" after a game: the table page's game-over summary posts here."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from .services.play_again import play_again
from .services.tables import TableError


@login_required
@require_POST
def play_again_view(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        again = play_again(game_id=game_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return redirect("games:table", game_id=again.pk)
