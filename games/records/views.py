"""The record page of a finished game, and its hand history to download (JSON and a text score
sheet): for the people who may see the record (`games.records.selectors`: any signed-in
player for a public table's game; its players, a league table's members and staff for a
private or league table's, until a player shares it). Anyone else gets what an unknown game
gets. A player shares the record of a private game, or makes it private again, from the page."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.friends.selectors import FriendState, friend_buttons
from games.errors import Refused
from games.models import Game

from .record import RecordSeat, game_record, seat_places
from .review.selectors import review_document, review_of
from .selectors import record_game_for
from .selectors_history import game_history_document, game_score_sheet
from .services.sharing import NOT_PLAYER, record_share_set

NO_RECORD = "There is no record of this game: it is not over, or it was never played."


def _visible_game(request: HttpRequest, game_id: int) -> Game:
    game = record_game_for(game_id=game_id, user=request.user)
    if game is None:
        raise Http404(NO_RECORD)  # word for word what an unknown game gets
    return game


@login_required
@require_GET
def game_record_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _visible_game(request, game_id)
    record = game_record(game_id=game.pk)
    if record is None:
        raise Http404(NO_RECORD)
    my_seat = next((seat for seat in record.seats if seat.user_id == request.user.pk), None)
    # the computer's review of my own decisions: for the game's players only
    review = None
    if my_seat is not None:
        position = my_seat.position
        found = review_of(game_id=game_id, seat=position)
        review = review_document(game_id=game_id, seat=position, review=found)
    context = {
        "record": record,
        "my_seat": my_seat,
        # the seats as the table named them from the reader's seat, each person's friend button
        "seat_places": _with_friend_buttons(request.user.pk, seat_places(record, my_seat)),
        "review": review,
        # who else may read it, and whether a player shared it (the sharing panel)
        "private_table": game.kind != Game.Kind.PUBLIC,
        "league_table": game.kind == Game.Kind.LEAGUE,
        "shared_at": game.record_shared_at,
        "shared_by": game.record_shared_by.get_short_name() if game.record_shared_by else None,
        # hints asked for at this private table (games.live.services.hints), and a lesson
        "hints_used": game.hints_used,
        "lesson": game.lesson,
    }
    return render(request, "games/record.html", context)


def _with_friend_buttons(
    user_id: int, places: Iterable[tuple[RecordSeat, str]]
) -> list[tuple[RecordSeat, str, FriendState | None]]:
    """Each seat and its place, with the friend button of the person in it (none for a
    computer, for me, or for a blocked player)."""
    places = list(places)
    people = [seat.user_id for seat, _ in places if seat.user_id is not None]
    buttons = friend_buttons(user_id=user_id, other_ids=people)
    return [
        (seat, place, None if seat.user_id is None else buttons.get(seat.user_id))
        for seat, place in places
    ]


@login_required
@require_POST
def game_record_share(request: HttpRequest, game_id: int) -> HttpResponse:
    """The record made public ("public=1") or private again ("public=0") by a player."""
    _visible_game(request, game_id)
    public = request.POST.get("public") == "1"
    try:
        record_share_set(game_id=game_id, user_id=request.user.pk, public=public)
    except Refused as refused:
        status = 403 if refused.code == NOT_PLAYER else 409
        return HttpResponse(
            refused.message, status=status, content_type="text/plain; charset=utf-8"
        )
    # the page says whether the record is public now
    return redirect(reverse("games:record", args=[game_id]) + "#record-sharing")


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def game_history_json(request: HttpRequest, game_id: int) -> HttpResponse:
    _visible_game(request, game_id)
    document = game_history_document(game_id=game_id)
    if document is None:
        raise Http404(NO_RECORD)
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    return _attachment(response, f"euchre-game-{game_id}.json")


@login_required
@require_GET
def game_score_sheet_text(request: HttpRequest, game_id: int) -> HttpResponse:
    _visible_game(request, game_id)
    sheet = game_score_sheet(game_id=game_id)
    if sheet is None:
        raise Http404(NO_RECORD)
    response = HttpResponse(sheet, content_type="text/plain; charset=utf-8")
    return _attachment(response, f"euchre-game-{game_id}.txt")
