"""The record page of a finished game: public to every logged-in player."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .record import game_record


@login_required
@require_GET
def game_record_page(request: HttpRequest, game_id: int) -> HttpResponse:
    record = game_record(game_id=game_id)
    if record is None:
        raise Http404("There is no record of this game: it is not over, or it was never played.")
    my_seat = next((seat for seat in record.seats if seat.user_id == request.user.pk), None)
    return render(request, "games/record.html", {"record": record, "my_seat": my_seat})
