"""Tables: create one, take and leave seats, start it (computers fill empty seats), cancel.

"A single player can play only one game at a time" (seed 000) is the database's unique
constraint on Seat(user) where in_play; these functions turn its refusal into a clear message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationKind, User
from accounts.services.notifications import notify
from economy.services.errors import WalletRefused
from economy.services.prices import (
    game_price,
    game_seat_check,
    private_table_charge,
    private_table_price,
)
from economy.services.wallet import wallet_check_can_pay
from games.engine import InvalidRules, RuleOptions
from games.errors import Refused
from games.live.services import after_move
from games.live.services.play import full_time_limit_ms
from games.live.services.player_lock import player_serialized
from games.models import ComputerLevel, Game, Seat
from games.players.levels import unknown_level_message
from games.selectors import engine_game
from games.tables.models import Invitation

from .charges import SeatCannotPay, game_seats_charge


class TableError(Refused):
    """A seat, a start, an invitation or a cancel that was refused."""


NO_SUCH_TABLE = TableError("no_such_table", "There is no such table.")
ALREADY_PLAYING = TableError(
    "already_playing",
    "You are already at another table: finish or cancel that game first.",
)


def game_locked(game_id: int) -> Game:
    """The game's row, locked; a table that does not exist (an id typed into an address) is
    refused like any other table the player cannot use."""
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise NO_SUCH_TABLE
    return game


def _refused(refused: WalletRefused) -> TableError:
    return TableError(refused.code, refused.message)


def player_can_pay_check(*, user_id: int) -> None:
    """Refuses, before they queue or sit, a player who could not pay for a game."""
    try:
        game_seat_check(user_id=user_id)
    except WalletRefused as refused:
        raise _refused(refused) from refused


def rules_checked(rules: RuleOptions | Mapping[str, Any]) -> RuleOptions:
    """The table's rule options, as the engine accepts them; a combination the engine refuses
    (`check_rules`) is refused with its message, which names the problem and the choices."""
    if isinstance(rules, RuleOptions):
        return rules
    try:
        return RuleOptions.from_dict(dict(rules))
    except (InvalidRules, TypeError) as error:
        raise TableError("invalid_rules", f"These rules cannot be played: {error}") from error


def computer_level_check(level: str) -> None:
    """Refuses a level name that does not exist, naming the valid ones."""
    if level not in ComputerLevel.values:
        raise TableError("invalid_level", unknown_level_message(level))


def table_create(
    *,
    creator_id: int,
    kind: str,
    rules: RuleOptions | Mapping[str, Any],
    full_table_only: bool = False,
    computer_level: str = ComputerLevel.STRONG,
) -> Game:
    """A new table with its creator in seat 0 and the variant's other seats empty (two, three
    or four in all: `rules.seats`). The creator of a private table pays for it now (and must be
    able to pay for the game too); a league table is paid for by its league.
    `full_table_only`: it starts only once a person sits in every seat. `computer_level`: how
    the computers in empty seats play."""
    rules = rules_checked(rules)
    computer_level_check(computer_level)
    try:
        with player_serialized(creator_id):
            game = Game.objects.create(
                kind=kind,
                rules=rules.to_dict(),
                created_by_id=creator_id,
                full_table_only=full_table_only,
                computer_level=computer_level,
            )
            seats_create(game, [creator_id])
            if kind == Game.Kind.PRIVATE:
                wallet_check_can_pay(user_id=creator_id, price=private_table_price() + game_price())
                private_table_charge(game_id=game.pk, user_id=creator_id)
            elif kind == Game.Kind.LEAGUE:
                player_can_pay_check(user_id=creator_id)
    except IntegrityError as error:
        raise ALREADY_PLAYING from error
    except WalletRefused as refused:
        raise _refused(refused) from refused
    return game


LEAGUE_TABLE = TableError(
    "league_table", "This is a league table: its members sit down from the league's page."
)


def seat_take(
    *, game_id: int, user_id: int, position: int | None = None, admitted: bool = False
) -> Seat:
    """`admitted`: the caller (the leagues) checked that the player may sit at a league table."""
    try:
        with player_serialized(user_id):
            game = game_locked(game_id)
            if game.kind == Game.Kind.LEAGUE and not admitted:
                raise LEAGUE_TABLE
            seat = seat_fill(game, user_id, position=position)
    except IntegrityError as error:
        raise ALREADY_PLAYING from error
    after_move.announce(game.pk, game.version)
    return seat


def seat_fill(game: Game, user_id: int, *, position: int | None = None) -> Seat:
    """Seats the player in an empty seat of `game` (locked by the caller, with the player's
    lock taken before it). A player at another unfinished table makes the database refuse
    (IntegrityError): the caller says so, and announces the change after commit."""
    if game.status != Game.Status.OPEN:
        raise TableError("not_open", "This table has already started.")
    if game.seats.filter(user_id=user_id).exists():
        raise TableError("already_seated", "You already have a seat at this table.")
    empty = game.seats.filter(user__isnull=True)
    if position is not None:
        empty = empty.filter(position=position)
    seat = empty.order_by("position").first()
    if seat is None:
        raise TableError("table_full", "There is no free seat at this table.")
    player_can_pay_check(user_id=user_id)
    _sit(seat, user_id)
    return seat


def seat_leave(*, game_id: int, user_id: int) -> None:
    """Leave a table that has not started. The creator leaving closes the table."""
    with player_serialized(user_id):
        game = game_locked(game_id)
        if game.status != Game.Status.OPEN:
            raise TableError("started", "The game has started: cancel it instead.")
        _leave_open_table(game, user_id)


def _leave_open_table(game: Game, user_id: int) -> None:
    """`game` is locked and open: the player's seat is free again; their own table closes."""
    if game.created_by_id == user_id:
        game.seats.update(user=None, in_play=False)
        game.status, game.finished_at = Game.Status.FINISHED, timezone.now()
        game.save(update_fields=["status", "finished_at"])
    else:
        game.seats.filter(user_id=user_id).update(user=None, in_play=False)
    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: after_move.announce(game_id, version))


def table_start(*, game_id: int, user_id: int) -> Game:
    """The creator starts the game; computers take the seats nobody took."""
    with transaction.atomic():
        game = game_locked(game_id)
        if game.created_by_id != user_id:
            raise TableError("not_creator", "Only the player who opened the table can start it.")
        if game.status != Game.Status.OPEN:
            raise TableError("not_open", "This table has already started.")
        if game.full_table_only and game.seats.filter(user__isnull=True).exists():
            raise TableError(
                "table_not_full",
                f"This table starts only with {game.seat_count} players: wait for them.",
            )
        try:
            game_begin(game)
        except SeatCannotPay as unpaid:
            if unpaid.user_id == user_id:
                raise _refused(unpaid.refused) from unpaid
            name = User.objects.get(pk=unpaid.user_id)
            raise TableError(
                "player_cannot_pay",
                f"{name} cannot pay for the game just now: they can leave the table, or "
                "get coins and then you start again.",
            ) from unpaid
    return game


def game_begin(game: Game) -> None:
    """Starts a locked, open game: each person seated pays for it (SeatCannotPay: nobody
    pays, if the caller's transaction rolls back), the first seat to act goes on the clock
    (or the computer is queued), on commit."""
    game_seats_charge(game)
    game.status, game.started_at = Game.Status.PLAYING, timezone.now()
    game.moved_at = game.started_at
    to_act = engine_game(game).to_act
    assert to_act is not None, "a game starting has a seat to act"
    first = game.seats.get(position=to_act)
    game.turn_deadline = (
        None if first.is_computer else game.started_at + timedelta(milliseconds=first.time_limit_ms)
    )
    game.save(update_fields=["status", "started_at", "moved_at", "turn_deadline"])
    after_move.schedule(game)


def game_cancel(*, game_id: int, user_id: int) -> None:
    """Seed 000: the computer finishes the game in the player's seat, the player forfeits the
    points it wins, and may start a new game at once."""
    with player_serialized(user_id):
        game = game_locked(game_id)
        seat = game.seats.filter(user_id=user_id, cancelled=False).first()
        if seat is None or game.status != Game.Status.PLAYING:
            raise TableError("not_playing", "You are not playing at this table.")
        _hand_seat_to_computer(game, seat)


def _hand_seat_to_computer(game: Game, seat: Seat) -> None:
    """`game` is locked and playing: the computer plays `seat` to the end of the game and the
    points it wins are forfeit (the seat is `cancelled`); the player is free of the game."""
    seat.cancelled, seat.in_play = True, False
    seat.save(update_fields=["cancelled", "in_play"])
    if engine_game(game).to_act == seat.position:
        game.turn_deadline = None  # the computer takes this turn now
        game.moved_at = timezone.now()
        game.save(update_fields=["turn_deadline", "moved_at"])
    after_move.schedule(game)


def player_tables_leave(*, user_id: int) -> list[int]:
    """The player leaves every unfinished table at once (a blocked player): where a game is
    being played the computer takes their seat, as after a cancel; an open table they sit at is
    left, as with `seat_leave`. Returns the ids of the games they left."""
    with transaction.atomic():
        game_ids = list(
            Seat.objects.filter(user_id=user_id, in_play=True).values_list("game_id", flat=True)
        )
        # locked in id order, so that two writers of several games never deadlock
        games = Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk")
        for game in games:
            # the status read under the lock decides: a table may have started meanwhile
            seat = game.seats.filter(user_id=user_id).first()
            if seat is None:
                continue  # they left it meanwhile
            if game.status == Game.Status.PLAYING and not seat.cancelled:
                _hand_seat_to_computer(game, seat)
            elif game.status == Game.Status.OPEN:
                _leave_open_table(game, user_id)
    return sorted(game_ids)


def seats_create(game: Game, user_ids: Sequence[int | None]) -> list[Seat]:
    """The game's seats, as many as its rules have: `user_ids[i]` sits in seat i (None, or no
    entry: empty until someone sits, or a computer once the game starts). A player already at
    an unfinished table makes the database refuse (IntegrityError): the caller says so."""
    if len(user_ids) > game.seat_count:
        raise ValueError(f"{len(user_ids)} players for {game.seat_count} seats")
    players = [*user_ids, *[None] * (game.seat_count - len(user_ids))]
    return Seat.objects.bulk_create(
        Seat(
            game=game,
            position=position,
            user_id=user_id,
            in_play=user_id is not None,
            time_limit_ms=full_time_limit_ms(game),
        )
        for position, user_id in enumerate(players)
    )


def _sit(seat: Seat, user_id: int) -> None:
    seat.user_id, seat.in_play = user_id, True
    seat.save(update_fields=["user", "in_play"])


def invitation_send(*, game_id: int, user_id: int, name: str) -> Invitation:
    """The creator invites a player by display name. Never by e-mail address: the answer would
    tell whether an address has an account, and whose it is (send the table's link instead)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NO_SUCH_TABLE
    if game.created_by_id != user_id:
        raise TableError("not_creator", "Only the player who opened the table can invite.")
    if game.status != Game.Status.OPEN:
        raise TableError("not_open", "This table has already started.")
    if game.kind == Game.Kind.LEAGUE:
        raise LEAGUE_TABLE
    name = name.strip()
    if "@" in name:  # display names have no @: the same answer for every address
        raise TableError(
            "no_such_player",
            "Invite players by their display name; send an e-mail address the table's link.",
        )
    invitee = User.objects.filter(is_active=True, display_name__iexact=name).first()
    if invitee is None:
        raise TableError("no_such_player", f"No player is called {name!r}.")
    if invitee.pk == user_id:
        raise TableError("self", "You are already at this table.")
    with transaction.atomic():  # the invitation and its notification together
        invitation, created = Invitation.objects.get_or_create(game=game, user=invitee)
        if created:
            invitation_notify(game=game, user_id=invitee.pk)
    return invitation


def invitation_notify(*, game: Game, user_id: int) -> None:
    """Tells the invited player (on the site, and by e-mail): once per table."""
    host_id = game.created_by_id
    host = None if host_id is None else User.objects.filter(pk=host_id).first()
    notify(
        recipient_id=user_id,
        kind=NotificationKind.TABLE_INVITATION,
        text=f"{host.get_short_name() if host else 'A player'} invited you to a table: "
        "take a seat before it starts.",
        link=reverse("games:table", args=[game.pk]),
        source=f"game:{game.pk}",
    )
