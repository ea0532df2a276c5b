"""Play again: after a game, a new table of the same kind and rules, with the same companions
where they accept.

The first of the game's players to press "play again" opens the table (its computers at the
same level) and invites the other people who played the game to the end; the next ones to press
it sit down at that table. A player who played only with computers starts at once. A league's
table is opened from the league's page (its members, its season), never here.
"""

from __future__ import annotations

from django.db import transaction

from games.live.services.player_lock import player_serialized
from games.models import Game, Seat
from games.tables.models import Invitation

from .tables import (
    NO_SUCH_TABLE,
    TableError,
    invitation_notify,
    seat_take,
    table_create,
    table_start,
)

NOT_OVER = TableError("not_over", "This game is not over: play it to the end first.")


def play_again(*, game_id: int, user_id: int) -> Game:
    """The table where the player plays again after game `game_id`: one a companion already
    opened for it (the player sits down), or a new one (the player opens it)."""
    with player_serialized(user_id):
        # the finished game's row, locked: two of its players pressing at once open one table
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise NO_SUCH_TABLE
        seats = list(game.seats.select_related("user"))
        if not any(seat.user_id == user_id for seat in seats):
            raise TableError("not_seated", "You did not play at this table.")
        if game.status != Game.Status.FINISHED or not game.has_winner:
            raise NOT_OVER
        if game.kind == Game.Kind.LEAGUE:
            raise TableError(
                "league_table", "League tables are opened from the league's page: play there."
            )
        waiting = _opened_for(game, user_id)
        if waiting is not None:
            seat_take(game_id=waiting.pk, user_id=user_id)
            return waiting
        return _open_again(game, seats, user_id)


def _opened_for(game: Game, user_id: int) -> Game | None:
    """An open table a companion opened after `game` that invited this player and has room."""
    return (
        Game.objects.filter(
            again_of=game,
            status=Game.Status.OPEN,
            invitations__user_id=user_id,
            seats__user__isnull=True,
        )
        .order_by("created_at", "pk")
        .first()
    )


def _open_again(game: Game, seats: list[Seat], user_id: int) -> Game:
    companions = [
        user.pk
        for seat in seats
        if (user := seat.user) is not None
        and user.pk != user_id
        and user.is_active  # never a blocked player
        and not seat.cancelled  # they left this game: no reason to think they want another
    ]
    with transaction.atomic():
        again = table_create(
            creator_id=user_id,
            kind=game.kind,
            rules=game.rules,
            full_table_only=game.full_table_only,
            computer_level=game.computer_level,
        )
        again.again_of = game
        again.save(update_fields=["again_of"])
        Invitation.objects.bulk_create(
            Invitation(game=again, user_id=companion) for companion in companions
        )
        for companion in companions:
            invitation_notify(game=again, user_id=companion)
        if not companions:
            table_start(game_id=again.pk, user_id=user_id)  # only computers: at once
            again.refresh_from_db()
    return again
