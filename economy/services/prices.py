"""What playing costs (settings ECONOMY_PRICE_*), charged with `wallet_spend` under keys that
make each charge happen once however often a request is retried. Never refunded when a player
leaves (seed 000: coins spent on a game "cannot be compensated"; staff may for a server fault)."""

from __future__ import annotations

from django.conf import settings

from ..models import LedgerEntry
from .wallet import Spend, wallet_check_can_pay, wallet_spend


def game_price() -> int:
    return settings.ECONOMY_PRICE_GAME


def private_table_price() -> int:
    return settings.ECONOMY_PRICE_PRIVATE_TABLE


def league_price() -> int:
    return settings.ECONOMY_PRICE_LEAGUE


def champions_league_price() -> int:
    return settings.ECONOMY_PRICE_CHAMPIONS_LEAGUE


def game_seat_charge(*, game_id: int, user_id: int) -> Spend:
    """A person seated at a game that starts pays the game's price, once per game."""
    return wallet_spend(
        user_id=user_id,
        price=game_price(),
        reason=LedgerEntry.Reason.GAME,
        reference=f"game:{game_id}",
        idempotency_key=f"game:{game_id}:player:{user_id}",
    )


def game_seat_check(*, user_id: int) -> None:
    """Refuses, before they queue or sit, a player who could not pay for a game."""
    wallet_check_can_pay(user_id=user_id, price=game_price())


def private_table_charge(*, game_id: int, user_id: int) -> Spend:
    """The creator of a private table pays for opening it, once per table."""
    return wallet_spend(
        user_id=user_id,
        price=private_table_price(),
        reason=LedgerEntry.Reason.PRIVATE_TABLE,
        reference=f"game:{game_id}",
        idempotency_key=f"private_table:{game_id}",
    )


def league_charge(*, league_id: int, user_id: int) -> Spend:
    """The creator of a private league pays for it, once per league (the leagues issue calls
    this in the transaction that creates the league)."""
    return wallet_spend(
        user_id=user_id,
        price=league_price(),
        reason=LedgerEntry.Reason.LEAGUE,
        reference=f"league:{league_id}",
        idempotency_key=f"league:{league_id}",
    )


def champions_league_charge(*, league_id: int, user_id: int) -> Spend:
    """A player entering a month's Champions League pays its entry, once per month's league."""
    return wallet_spend(
        user_id=user_id,
        price=champions_league_price(),
        reason=LedgerEntry.Reason.CHAMPIONS_LEAGUE,
        reference=f"league:{league_id}",
        idempotency_key=f"champions_league:{league_id}:player:{user_id}",
    )
