"""Awards of silver and spends of coins: the rules of seed 000 on top of `ledger_post`.

Silver is capped at 200 (an award that would pass the cap credits only up to it); a price is
paid with silver first and gold for the rest, all or nothing. Each call runs in one transaction
with the wallet row locked, and its idempotency key makes a retry move nothing again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from ..models import SILVER_CAP, Currency, LedgerEntry, Wallet
from .errors import WalletRefused
from .ledger import ledger_post, wallet_locked


def _coins(amount: int) -> str:
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


@dataclass(frozen=True)
class Spend:
    """What one spend took from each currency."""

    silver: int
    gold: int

    @property
    def total(self) -> int:
        return self.silver + self.gold


def wallet_award(
    *, user_id: int, amount: int, reason: str, reference: str, idempotency_key: str
) -> int:
    """Credits up to `amount` silver, never past the cap. Returns the silver credited under
    this key: 0 (and no entry) when the wallet is full; on a retry, what the first call
    credited."""
    if amount <= 0:
        raise ValueError("an award credits a positive amount")
    with transaction.atomic():
        wallet = wallet_locked(user_id=user_id)
        earlier = LedgerEntry.objects.filter(
            idempotency_key=idempotency_key, currency=Currency.SILVER
        ).first()
        if earlier is not None:
            return earlier.amount
        credit = min(amount, SILVER_CAP - wallet.silver)
        if credit <= 0:
            return 0
        ledger_post(
            wallet=wallet,
            currency=Currency.SILVER,
            amount=credit,
            reason=reason,
            reference=reference,
            idempotency_key=idempotency_key,
        )
        return credit


def spend_refusal(wallet: Wallet, price: int) -> WalletRefused | None:
    """Why `wallet` cannot pay `price` now, or None when it can."""
    if wallet.gold_debt > 0:
        return WalletRefused(
            "gold_owed",
            f"You owe {wallet.gold_debt} gold from a refunded purchase: you cannot spend "
            "coins until it is settled.",
        )
    usable_gold = 0 if wallet.open_disputes > 0 else wallet.gold
    if wallet.silver + usable_gold >= price:
        return None
    if wallet.silver + wallet.gold >= price:
        return WalletRefused(
            "gold_frozen",
            f"Your gold is frozen while a payment dispute is open, and this costs "
            f"{_coins(price)} but you have {wallet.silver} silver.",
        )
    missing = price - wallet.silver - usable_gold
    return WalletRefused(
        "not_enough_coins",
        f"This costs {_coins(price)} and you have {wallet.silver + usable_gold}: "
        f"you need {_coins(missing)} more.",
    )


def wallet_spend(
    *, user_id: int, price: int, reason: str, reference: str, idempotency_key: str
) -> Spend:
    """Takes `price` coins, silver first and gold for the rest, or refuses (WalletRefused)
    and takes nothing. A retry with the same key takes nothing and returns the first result."""
    if price < 0:
        raise ValueError("a price is not negative")
    with transaction.atomic():
        wallet = wallet_locked(user_id=user_id)
        earlier = list(LedgerEntry.objects.filter(idempotency_key=idempotency_key))
        if earlier:
            if any(entry.wallet_id != wallet.pk for entry in earlier):
                raise ValueError(f"key {idempotency_key!r} was used by another wallet")
            taken = {entry.currency: -entry.amount for entry in earlier}
            return Spend(silver=taken.get(Currency.SILVER, 0), gold=taken.get(Currency.GOLD, 0))
        refusal = spend_refusal(wallet, price)
        if refusal is not None:
            raise refusal
        spend = Spend(silver=min(wallet.silver, price), gold=price - min(wallet.silver, price))
        for currency, amount in ((Currency.SILVER, spend.silver), (Currency.GOLD, spend.gold)):
            if amount:
                ledger_post(
                    wallet=wallet,
                    currency=currency,
                    amount=-amount,
                    reason=reason,
                    reference=reference,
                    idempotency_key=idempotency_key,
                )
        return spend


def wallet_check_can_pay(*, user_id: int, price: int) -> None:
    """Refuses (WalletRefused) a player who could not pay `price` now; takes nothing. Used
    before a player queues or sits, so they hear why at once rather than when the game starts."""
    with transaction.atomic():
        refusal = spend_refusal(wallet_locked(user_id=user_id), price)
    if refusal is not None:
        raise refusal
