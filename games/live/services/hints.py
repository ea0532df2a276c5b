"""Hints, where they are fair: the strong player's choice for a player's decision, with the hand
points it expects for each choice, valued as the game review values a decision
(`games.players.review.decision_hint`) from that seat's view only, so it can tell nothing of a
card the seat cannot see.

Only at a private table where every other seat is a computer (a lesson is one), never at quick
play or a league's table, and only for a player who has not turned hints off (their display
preference "hints"), on their own turn with a real choice, while the game is on.

A request (the table socket's {"type": "hint", "version": n}) is checked here on a database
thread, and a refused one changes nothing (`HintRefused`: the usual error frame). Accepted, the
seat's one hint at a time is taken in Redis, the game counts it (`Game.hints_used`, said on its
record: such a game is never rated anyway, being at a private table, and a lesson does not
count at all) and a worker values it (the task `games.game_hint`, queued by name): the CPU of a
strong decision, up to half a second, belongs with the computers' turns, not in the daphne that
serves the sockets. The answer goes to the asking player's own sockets at the table (their seat
group), never to the table:
{"type": "hint", "version": n, "choices": [{"action": "order_up", "value": 0.25}, ...],
"deals": 32}, the best first. By then the table may have moved on: the page shows an answer only
at the version it asked from.
"""

from __future__ import annotations

import functools
from typing import Any

import redis
from celery import current_app
from django.conf import settings
from django.db.models import F

from games.errors import Refused
from games.models import Game, Seat
from games.players.review import decision_hint
from games.players.search.evaluate import choices_of
from games.selectors import engine_game, stored_rules

from .after_move import seat_group
from .layer_send import group_send

GAME_HINT = "games.game_hint"
# one hint at a time per seat: the mark lasts at most this long should its worker die
HINT_PENDING_SECONDS = 30


class HintRefused(Refused):
    """A hint that will not be given: nothing was counted, queued or marked."""


NOT_HERE = "Hints are given only at private tables where you play with computers."


def hints_offered(*, game: Game, user_id: int) -> bool:
    """Whether the table page offers this player the Hint control (their preference aside):
    a private table where every other seat is a computer. Each request is checked again."""
    others = game.seats.filter(user__isnull=False).exclude(user_id=user_id)
    return game.kind == Game.Kind.PRIVATE and not others.exists()


def hint_refusal(
    game: Game, seats: list[Seat], user_id: int, version: int
) -> tuple[HintRefused | None, Seat | None]:
    """Why a hint may not be given at this table now, from its rows (the seats with their
    users); (None, my seat) when it may, as far as the rows tell."""
    mine = next((seat for seat in seats if seat.user_id == user_id), None)
    if mine is None:
        return HintRefused("not_seated", "You have no seat at this table."), None
    if game.kind != Game.Kind.PRIVATE:
        return HintRefused("hints_not_here", NOT_HERE, version=game.version), mine
    if any(seat.user_id is not None and seat.user_id != user_id for seat in seats):
        return HintRefused(
            "hints_not_here", "No hints while another person plays here.", version=game.version
        ), mine
    assert mine.user is not None
    if not mine.user.table_display.get("hints", True):
        return HintRefused(
            "hints_off", "You turned hints off in your display settings.", version=game.version
        ), mine
    if game.status == Game.Status.OPEN:
        return HintRefused("not_started", "The game has not started yet."), mine
    if game.status == Game.Status.FINISHED:
        return HintRefused("game_over", "The game is over.", version=game.version), mine
    if mine.cancelled:
        return HintRefused(
            "cancelled", "You left this game; the computer plays your seat.", version=game.version
        ), mine
    if version != game.version:
        return HintRefused(
            "stale_version", "The table has moved on since you asked.", version=game.version
        ), mine
    return None, mine


def hint_request(*, game_id: int, user_id: int, version: int) -> None:
    """Queues a hint for the player's decision at `version`, or refuses (`HintRefused`)."""
    seats = list(
        Seat.objects.filter(game_id=game_id).select_related("game", "user").order_by("position")
    )
    if not seats:
        raise HintRefused("not_seated", "You have no seat at this table.")
    game = seats[0].game
    refused, mine = hint_refusal(game, seats, user_id, version)
    if refused is not None:
        raise refused
    assert mine is not None
    engine = engine_game(game)
    if engine.to_act != mine.position:
        raise HintRefused("not_your_turn", "It is not your turn.", version=game.version)
    rules = stored_rules(game.rules)
    if rules is None or not choices_of(engine.view(mine.position), rules):
        raise HintRefused(
            "no_choice", "There is nothing to weigh up here: no hint.", version=game.version
        )
    pending = _pending_key(game_id, mine.position)
    if not _redis().set(pending, version, nx=True, ex=HINT_PENDING_SECONDS):
        raise HintRefused("hint_pending", "A hint is on its way.", version=game.version)
    Game.objects.filter(pk=game_id).update(hints_used=F("hints_used") + 1)
    current_app.send_task(GAME_HINT, args=(game_id, user_id, version), ignore_result=True)


def hint_answer(*, game_id: int, user_id: int, version: int) -> dict[str, Any] | None:
    """On a worker: values the decision the player faces at `version` and sends the answer to
    their sockets at the table; None (and nothing sent) when the table has moved on. The seat's
    hint is free again either way."""
    seat = Seat.objects.filter(game_id=game_id, user_id=user_id).select_related("game").first()
    if seat is None:
        return None
    try:
        game = seat.game
        rules = stored_rules(game.rules)
        if game.version != version or game.status != Game.Status.PLAYING or rules is None:
            return None
        engine = engine_game(game)
        if engine.to_act != seat.position:
            return None
        hint = decision_hint(engine.view(seat.position), rules, f"{game.seed}/{version}")
        if hint is None:
            return None
        answer = {
            "type": "hint",
            "version": version,
            "choices": [
                {"action": action, "value": round(value, 3)} for action, value in hint.choices
            ],
            "deals": hint.deals,
        }
        group_send(seat_group(game_id, user_id), {"type": "hint.answer", "answer": answer})
        return answer
    finally:
        _redis().delete(_pending_key(game_id, seat.position))


def hint_pending(*, game_id: int, seat: int) -> bool:
    """Whether a hint of this seat is being valued (for tests and the staff's curiosity)."""
    return bool(_redis().exists(_pending_key(game_id, seat)))


def _pending_key(game_id: int, seat: int) -> str:
    return f"{settings.REDIS_KEY_PREFIX}:hint-pending:{game_id}:{seat}"


@functools.cache
def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)
