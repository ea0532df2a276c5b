"""A player of a finished private (or league) game makes its record public, or private again.

Either player may do either, at any time after the game: a record they shared is theirs to
take back, and so is one a fellow player shared (each of them sat in the game). The call says
which state is wanted, not "switch": a double click, or the same form sent twice, changes
nothing the second time. A public table's record is public already; a game not over has no
record to share.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.errors import Refused
from games.models import Game, Seat

NOT_PLAYER = "not_player"
NOT_OVER = "not_over"
PUBLIC_TABLE = "public_table"


def record_share_set(*, game_id: int, user_id: int, public: bool) -> Game:
    """Make `game_id`'s record public (`public`) or private again, as the player `user_id`
    asks; the game as it is now. Refused: `not_player` (also for an unknown game),
    `not_over`, `public_table`."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not Seat.objects.filter(game=game, user_id=user_id).exists():
            raise Refused(NOT_PLAYER, "Only the players of this game can share its record.")
        if game.kind == Game.Kind.PUBLIC:
            raise Refused(
                PUBLIC_TABLE, "This game was played at a public table: its record is public."
            )
        if game.status != Game.Status.FINISHED or not game.has_winner:
            raise Refused(NOT_OVER, "Only a finished game's record can be shared.")
        if public and game.record_shared_at is None:
            game.record_shared_at, game.record_shared_by_id = timezone.now(), user_id
        elif not public and game.record_shared_at is not None:
            game.record_shared_at, game.record_shared_by_id = None, None
        else:
            return game  # already as asked
        game.save(update_fields=["record_shared_at", "record_shared_by"])
    return game
