"""The record page of a finished game, and its hand history to download (JSON and a text score
sheet): public to every logged-in player."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .record import game_record
from .selectors_history import game_history_document, game_score_sheet
from .selectors_review import review_document, review_of

NO_RECORD = "There is no record of this game: it is not over, or it was never played."


@login_required
@require_GET
def game_record_page(request: HttpRequest, game_id: int) -> HttpResponse:
    record = game_record(game_id=game_id)
    if record is None:
        raise Http404(NO_RECORD)
    my_seat = next((seat for seat in record.seats if seat.user_id == request.user.pk), None)
    # the computer's review of my own decisions: for the game's players only
    review = None
    if my_seat is not None:
        position = my_seat.position
        found = review_of(game_id=game_id, seat=position)
        review = review_document(game_id=game_id, seat=position, review=found)
    context = {"record": record, "my_seat": my_seat, "review": review}
    return render(request, "games/record.html", context)


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def game_history_json(request: HttpRequest, game_id: int) -> HttpResponse:
    document = game_history_document(game_id=game_id)
    if document is None:
        raise Http404(NO_RECORD)
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    return _attachment(response, f"euchre-game-{game_id}.json")


@login_required
@require_GET
def game_score_sheet_text(request: HttpRequest, game_id: int) -> HttpResponse:
    sheet = game_score_sheet(game_id=game_id)
    if sheet is None:
        raise Http404(NO_RECORD)
    response = HttpResponse(sheet, content_type="text/plain; charset=utf-8")
    return _attachment(response, f"euchre-game-{game_id}.txt")
