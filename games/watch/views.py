"""The watch page: a live table from no seat, read-only (the table page's modules, drawing the
watcher's frames of `consumers`). Who may watch: `selectors.watch_access`."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.live.services.presence import online_mark
from games.models import Game

from .frames import watch_frame_now
from .selectors import Access, watch_access


@login_required
@require_GET
def table_watch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    allowed = watch_access(game=game, user_id=request.user.pk)
    if allowed.access is Access.PLAYER:
        return redirect("games:table", game_id=game.pk)
    if allowed.access is Access.REFUSED:
        context = {"game": game, "message": allowed.message}
        return render(request, "games/watch_refused.html", context, status=403)
    online_mark(user_id=request.user.pk)
    frame = watch_frame_now(game_id=game.pk)  # built once for every watcher: no replay
    state = frame.as_state(timezone.now().isoformat()) if frame is not None else None
    return render(request, "games/table.html", {"game": game, "state": state, "watching": True})
