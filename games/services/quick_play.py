"""Quick play: a queue of players; four who agree on going under are seated at a public table.

A player who would rather not wait starts at once with whoever else is waiting for the same
rules, and computers in the empty seats. Matching locks the queue rows it takes
(`skip_locked`), so two matchers never seat one player twice and never block each other.
"""

from __future__ import annotations

import random

from django.db import IntegrityError, transaction

from accounts.models import User
from games.engine import RuleOptions

from ..models import Game, QueueEntry, Seat
from .play import full_time_limit_ms
from .tables import ALREADY_PLAYING, TableError, game_begin

_shuffle = random.SystemRandom().shuffle


def queue_join(*, user_id: int) -> Game | None:
    """Joins the queue with the player's going-under preference; the table, if four now wait."""
    if Seat.objects.filter(user_id=user_id, in_play=True).exists():
        raise ALREADY_PLAYING
    going_under = User.objects.values_list("prefers_going_under", flat=True).get(pk=user_id)
    QueueEntry.objects.update_or_create(user_id=user_id, defaults={"going_under": going_under})
    return queue_match(going_under=going_under)


def queue_leave(*, user_id: int) -> bool:
    deleted, _ = QueueEntry.objects.filter(user_id=user_id).delete()
    return bool(deleted)


def queue_match(*, going_under: bool) -> Game | None:
    """Seats the four longest-waiting players who agree on going under, if four are waiting."""
    with transaction.atomic():
        entries = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(going_under=going_under)
            .order_by("joined_at", "id")[:4]
        )
        if len(entries) < 4:
            return None
        return _seat(entries, going_under=going_under)


def queue_match_all() -> list[Game]:
    """Seats every full group still waiting. A join whose matcher met another's locked rows
    may leave four waiting; the sweeper calls this every few seconds to seat them."""
    tables = []
    for going_under in (True, False):
        while (game := queue_match(going_under=going_under)) is not None:
            tables.append(game)
    return tables


def queue_play_now(*, user_id: int) -> Game:
    """Starts a public table at once: me, anyone waiting for the same rules, computers for the
    rest."""
    if Seat.objects.filter(user_id=user_id, in_play=True).exists():
        raise ALREADY_PLAYING
    going_under = User.objects.values_list("prefers_going_under", flat=True).get(pk=user_id)
    with transaction.atomic():
        QueueEntry.objects.filter(user_id=user_id).delete()
        others = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(going_under=going_under)
            .order_by("joined_at", "id")[:3]
        )
        mine = QueueEntry(user_id=user_id, going_under=going_under)
        game = _seat([mine, *others], going_under=going_under)
    if game is None:
        raise TableError("try_again", "The table could not be filled just now; try again.")
    return game


def _seat(entries: list[QueueEntry], *, going_under: bool) -> Game | None:
    """A public table for these players (in random seats), started, their entries removed;
    None if one of them sat down at another table meanwhile (that player leaves the queue)."""
    user_ids = [entry.user_id for entry in entries] + [None] * (4 - len(entries))
    _shuffle(user_ids)
    try:
        with transaction.atomic():
            game = Game.objects.create(
                kind=Game.Kind.PUBLIC, rules=RuleOptions(going_under=going_under).to_dict()
            )
            Seat.objects.bulk_create(
                Seat(
                    game=game,
                    position=position,
                    user_id=user_id,
                    in_play=user_id is not None,
                    time_limit_ms=full_time_limit_ms(),
                )
                for position, user_id in enumerate(user_ids)
            )
    except IntegrityError:
        busy = Seat.objects.filter(
            user_id__in=[entry.user_id for entry in entries], in_play=True
        ).values_list("user_id", flat=True)
        QueueEntry.objects.filter(user_id__in=list(busy)).delete()
        return None
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in entries if entry.pk]).delete()
    game_begin(game)
    return game
