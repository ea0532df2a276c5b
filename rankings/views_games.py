"""A player's games page (selectors_games): every finished game, filtered, a keyed page at a
time. Open to every logged-in player, as profiles are; a game links to its record where the
viewer may see it (`games.records.selectors`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.models import User
from games.records.selectors import record_ids_visible_to

from .selectors_games import NEWER, OLDER, RESULTS, VARIANTS, GamesFilter, player_games_page


@login_required
@require_GET
def player_games(request: HttpRequest, user_id: int) -> HttpResponse:
    player = User.objects.filter(pk=user_id).first()
    if player is None:
        raise Http404("There is no player with this number.")
    query = request.GET
    chosen = GamesFilter.from_query(query.get("month"), query.get("variant"), query.get("result"))
    direction, key = (NEWER, query["newer"]) if "newer" in query else (OLDER, query.get("older"))
    page = player_games_page(user_id=player.pk, chosen=chosen, key=key, direction=direction)
    kept = chosen.query()
    return render(
        request,
        "rankings/games.html",
        {
            "player": player,
            "is_me": player.pk == request.user.pk,
            "page": page,
            "chosen": chosen,
            "variants": VARIANTS,
            "results": RESULTS,
            "older_query": urlencode(kept | {"older": page.older}) if page.older else "",
            "newer_query": urlencode(kept | {"newer": page.newer}) if page.newer else "",
            "newest_query": urlencode(kept),
            "filtered": bool(kept),
            # a private game's record I may not see: listed, not linked
            "visible_records": record_ids_visible_to(
                game_ids=[line.game.game_id for line in page.lines], user=request.user
            ),
        },
    )
