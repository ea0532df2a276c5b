"""Who may see a finished game's record: the one place that decides it, for the record page,
its downloads (JSON, text score sheet), the computer's review and every list that links to a
record (a player's profile and games page).

A record shows every trick, and its downloads every hand as dealt, so:
- a public table's game (quick play, "play now"): any signed-in player;
- a private table's or a league table's game: its players (everyone seated in it, also one who
  left and whose seat the computer finished), for a league's table the league's current
  members, and staff; and anyone once one of its players has shared the record
  (`Game.record_shared_at`, `games.records.services.sharing`).
Anyone else is told what an unknown game tells them (a 404 with the same words): a private
game's existence is not theirs to learn.

Who the members of a league table's league are is the leagues app's to say, told to games at
start (`games.watch.selectors.league_members_register`; games never imports leagues): the
league tables a player may watch are the league tables whose record they may read.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from accounts.models import User
from games.models import Game, Seat
from games.watch.selectors import watchable_filter


def records_visible_filter(*, user: User) -> Q:
    """The games whose record `user` may see, as a filter on games (finished or not: the
    record itself exists only for a finished game with a winner)."""
    if user.is_staff:
        return Q()
    seated = Q(pk__in=Seat.objects.filter(user_id=user.pk).values("game_id"))
    # of the tables `user` may watch, the league tables: those of their leagues
    league = Q(kind=Game.Kind.LEAGUE) & watchable_filter(user.pk)
    return Q(kind=Game.Kind.PUBLIC) | Q(record_shared_at__isnull=False) | seated | league


def record_visible_to(*, game: Game, user: User) -> bool:
    """Whether `user` may see `game`'s record (no query for a public or shared one)."""
    if game.kind == Game.Kind.PUBLIC or game.record_shared_at is not None or user.is_staff:
        return True
    return Game.objects.filter(records_visible_filter(user=user), pk=game.pk).exists()


def record_game_for(*, game_id: int, user: User) -> Game | None:
    """The game `game_id` when `user` may see its record; None when there is no such game or
    they may not (the caller answers both alike)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not record_visible_to(game=game, user=user):
        return None
    return game


def record_ids_visible_to(*, game_ids: Iterable[int], user: User) -> set[int]:
    """Of `game_ids`, those whose record `user` may see (one query): a list of games links
    to these records only."""
    wanted = set(game_ids)
    if not wanted:
        return set()
    found = Game.objects.filter(records_visible_filter(user=user), pk__in=wanted)
    return set(found.values_list("pk", flat=True))
