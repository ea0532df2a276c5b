"""Players' pages of results. Thin: each renders what a selector returns."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.friends.selectors import friend_state
from games.challenges.selectors import challenge_offered
from games.records.selectors import record_ids_visible_to
from games.watch.selectors import live_game_of_player

from .search import month_table_search, overall_ranking_search, search_text
from .selectors import month_table_page, month_table_position, overall_ranking, player_profile
from .selectors_game_earned import game_earned
from .services.game_points import month_of
from .tables import AVERAGE, TOTAL, average_min_games


@login_required
@require_GET
def profile(request: HttpRequest, user_id: int) -> HttpResponse:
    found = player_profile(user_id=user_id)
    if found is None:
        raise Http404("There is no player with this number.")
    # the game they play now, when I may watch it
    live = live_game_of_player(player_id=found.player_id, viewer_id=request.user.pk)
    return render(
        request,
        "rankings/profile.html",
        {
            "profile": found,
            "is_me": found.player_id == request.user.pk,
            # the "Add friend" button's state (none for myself or a blocked player)
            "friend_state": None
            if found.blocked or found.player_id == request.user.pk
            else friend_state(user_id=request.user.pk, other_id=found.player_id),
            "challenge_offered": challenge_offered(
                user_id=request.user.pk, other_id=found.player_id
            ),
            "live_tables": [live] if live else [],
            # a private game's record I may not see: listed, not linked
            "visible_records": record_ids_visible_to(
                game_ids=[game.game_id for game in found.recent_games], user=request.user
            ),
        },
    )


@login_required
@require_GET
def ranking(request: HttpRequest) -> HttpResponse:
    """This month's table (?table=total|average, ?page=N), the player's own place, and the
    twelve-month ranking; ?q=<name> shows only the players whose name contains it, each in
    their place among everyone."""
    table = request.GET.get("table", TOTAL)
    if table not in (TOTAL, AVERAGE):
        table = TOTAL
    try:
        page_number = int(request.GET.get("page", "1"))
    except ValueError:
        page_number = 1
    search = search_text(request.GET.get("q"))
    month = month_of(timezone.now())
    if search:
        page = month_table_search(table=table, month=month, search=search, page=page_number)
        overall = overall_ranking_search(search=search)
    else:
        page = month_table_page(table=table, month=month, page=page_number)
        overall = overall_ranking()
    return render(
        request,
        "rankings/ranking.html",
        {
            "table": table,
            "month": month,
            "min_games": average_min_games(),
            "q": search,
            "page": page,
            "mine": month_table_position(table=table, month=month, user_id=request.user.pk),
            "overall": overall,
        },
    )


@login_required
@require_GET
def game_earned_view(request: HttpRequest, game_id: int) -> JsonResponse:
    """For the table's game-over summary: what the game earned me (`recorded` false while the
    rankings' task has not run yet: ask again)."""
    earned = game_earned(game_id=game_id, user_id=request.user.pk)
    if earned is None:
        raise Http404("You did not play this finished game.")
    return JsonResponse(earned.to_dict())
