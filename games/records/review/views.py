"""A finished game's review, asked for and followed from its record page: thin views over
`games.records.review.services.requests` and `games.records.review.selectors`. Only the game's
players, each for their own decisions, and only once the game is over; anyone else gets the refusal
in words, and one who may not see the game's record (`games.records.selectors`) what an unknown game
gets."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.errors import Refused
from games.records.selectors import record_game_for

from .selectors import (
    NO_GAME,
    NOT_OVER,
    NOT_PLAYER,
    review_access,
    review_document,
    review_of,
)
from .services.requests import review_request

REFUSALS = {refusal.code: refusal for refusal in (NO_GAME, NOT_OVER, NOT_PLAYER)}


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _refused(request: HttpRequest, code: str, message: str) -> HttpResponse:
    status = REFUSALS[code].http_status
    if _wants_json(request):
        return JsonResponse({"error": code, "message": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


@login_required
@require_POST
def review_request_view(request: HttpRequest, game_id: int) -> HttpResponse:
    if record_game_for(game_id=game_id, user=request.user) is None:
        return _refused(request, NO_GAME.code, NO_GAME.message)
    try:
        review = review_request(game_id=game_id, user_id=request.user.pk)
    except Refused as refused:
        return _refused(request, refused.code, refused.message)
    if not _wants_json(request):  # the form without script: back to the page's review
        return redirect(reverse("games:record", args=[game_id]) + "#review")
    document = review_document(game_id=game_id, seat=review.seat, review=review)
    return JsonResponse(document, status=200 if document["status"] == "done" else 202)


@login_required
@require_GET
def review_status_view(request: HttpRequest, game_id: int) -> HttpResponse:
    if record_game_for(game_id=game_id, user=request.user) is None:
        return _refused(request, NO_GAME.code, NO_GAME.message)
    access = review_access(game_id=game_id, user_id=request.user.pk)
    if access.refusal is not None:
        return _refused(request, access.refusal.code, access.refusal.message)
    assert access.seat is not None
    review = review_of(game_id=game_id, seat=access.seat)
    return JsonResponse(review_document(game_id=game_id, seat=access.seat, review=review))
