"""The pause between two hands. When a move ends a hand and the game goes on, the page shows the
last trick and the hand's summary for GAME_HAND_PAUSE_SECONDS (`hand_pause_ms`, sent in every
frame) and only then the new deal; the server adds the same pause to the next person's deadline
and to the computers' wait (`move_record.moves_record`), so nobody's clock runs, and no computer
bids, while the summary covers the felt.

A "continue" from the page (its summary clicked away) ends the pause early, but only once every
person seated has continued: one player cannot shorten another's pause. Then the next person's
clock starts from now, with their whole time, or the computers go. The pause is kept in Redis
under the game's id until it ends, written once the move has committed; every continue reads and
changes it under the game's row lock, so two continues never both miss each other."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games.errors import Refused
from games.models import Game

from .after_move import announce
from .computer_runs import run_hurry
from .move_rows import game_with_seats_locked


class ContinueRefused(Refused):
    """A continue from a socket whose player has no seat to continue from."""


@dataclass(frozen=True)
class HandPause:
    """A pause running at `version`: the summary of hand `hand` (its number, as the page's
    record has it) is shown until `until_ms` (ms since the epoch); then the moves stored after
    that hand's end show `after_ms` apart (a run's pacing); `waiting`: the people seated who
    have not continued; `to_act`: the seat whose turn it then is."""

    version: int
    hand: int
    until_ms: int
    after_ms: int
    waiting: tuple[int, ...]
    to_act: int


def hand_pause_ms() -> int:
    return int(settings.GAME_HAND_PAUSE_SECONDS * 1000)


def hand_pause_begin(*, game_id: int, pause: HandPause) -> None:
    """Keeps `pause` once the move that began it has committed (a move rolled back leaves
    none), before its frames go out, so a page's continue always finds it."""
    transaction.on_commit(lambda: _keep(game_id, pause))


def hand_continue(*, game_id: int, user_id: int, hand: int) -> bool:
    """My page has shown hand `hand`'s summary and moved on. True if that ended the pause
    (everyone seated has continued). A continue for another hand, another version, a pause
    that is over, or sent twice, changes nothing: the page may send it late in good faith."""
    with transaction.atomic():
        locked = game_with_seats_locked(game_id)
        if locked is None:
            raise ContinueRefused("not_seated", "You have no seat at this table.")
        game, seats = locked
        mine = next((seat for seat in seats.values() if seat.user_id == user_id), None)
        if mine is None:
            raise ContinueRefused("not_seated", "You have no seat at this table.")
        if mine.cancelled:
            raise ContinueRefused(
                "cancelled",
                "You left this game; the computer plays your seat.",
                version=game.version,
            )
        pause = hand_pause_of(game_id)
        now = timezone.now()
        if (
            pause is None
            or game.status != Game.Status.PLAYING
            or pause.version != game.version
            or pause.hand != hand
            or user_id not in pause.waiting
            or now.timestamp() * 1000 >= pause.until_ms
        ):
            return False
        waiting = tuple(other for other in pause.waiting if other != user_id)
        if waiting:
            _keep(game_id, replace(pause, waiting=waiting))
            return False
        cache.delete(_key(game_id))
        after = timedelta(milliseconds=pause.after_ms)
        if game.turn_deadline is None:  # a computer's turn: it bids a pause after the deal shows
            wait = after.total_seconds() + settings.GAME_COMPUTER_PAUSE_SECONDS
            transaction.on_commit(lambda: run_hurry(game_id, game.version, countdown=wait))
            return True
        # the person to act gets their whole time from the moment the page shows their turn
        restarted = now + after + timedelta(milliseconds=seats[pause.to_act].time_limit_ms)
        if restarted < game.turn_deadline:
            game.turn_deadline = restarted
            game.save(update_fields=["turn_deadline"])
            # the same version with its new deadline: each socket sends its page its frame
            version = game.version
            transaction.on_commit(lambda: announce(game_id, version))
        return True


def hand_pause_of(game_id: int) -> HandPause | None:
    kept = cache.get(_key(game_id))
    return HandPause(**kept) if kept else None


def _keep(game_id: int, pause: HandPause) -> None:
    seconds = pause.until_ms / 1000 - timezone.now().timestamp()
    if seconds > 0:
        cache.set(_key(game_id), asdict(pause), timeout=seconds + 1)


def _key(game_id: int) -> str:
    return f"hand-pause:{game_id}"
