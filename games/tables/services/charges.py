"""Coins for play (seed 000: "coins are spent by playing the games or creating private games"):
every person seated pays when a game starts, in the transaction that starts it; computers pay
nothing. Nothing is given back when a player leaves or cancels."""

from __future__ import annotations

from economy.services.errors import WalletRefused
from economy.services.prices import game_seat_charge
from games.models import Game


class SeatCannotPay(Exception):
    """A person seated at a starting game cannot pay for it: who, and the economy's reason."""

    def __init__(self, user_id: int, refused: WalletRefused) -> None:
        super().__init__(refused.message)
        self.user_id = user_id
        self.refused = refused


def game_seats_charge(game: Game) -> None:
    """Charges each person seated at `game` (locked, starting) its price, wallets locked in
    user order so that two starts never deadlock; raises SeatCannotPay for the first who
    cannot, and the caller's transaction takes back the charges made before. A lesson
    (`services/lessons.py`) is free."""
    if game.lesson:
        return
    user_ids = sorted(
        game.seats.filter(user__isnull=False).values_list("user_id", flat=True).distinct()
    )
    for user_id in user_ids:
        try:
            game_seat_charge(game_id=game.pk, user_id=user_id)
        except WalletRefused as refused:
            raise SeatCannotPay(user_id, refused) from refused
