"""Helpers of the wallet tests: players, and wallets brought to a balance through the ledger
(never by writing the balance), so balance == ledger holds in every test."""

from __future__ import annotations

import itertools
import uuid

from django.db import transaction

from accounts.models import User
from economy.models import Currency, LedgerEntry, Wallet
from economy.services.ledger import ledger_post, wallet_locked

_numbers = itertools.count(1)


def new_player(name: str = "Coin", **fields) -> User:
    number = next(_numbers)
    return User.objects.create_user(
        f"{name.lower()}{number}.{uuid.uuid4().hex[:6]}@example.com",
        "a long password 1",
        display_name=f"{name}{number}{uuid.uuid4().hex[:4]}",
        **fields,
    )


def wallet_set(user: User, *, silver: int | None = None, gold: int | None = None) -> Wallet:
    """Brings the wallet (welcome grant included) to these balances with staff adjustments."""
    with transaction.atomic():
        wallet = wallet_locked(user_id=user.pk)
        for currency, wanted in ((Currency.SILVER, silver), (Currency.GOLD, gold)):
            if wanted is None or wanted == wallet.balance(currency):
                continue
            ledger_post(
                wallet=wallet,
                currency=currency,
                amount=wanted - wallet.balance(currency),
                reason=LedgerEntry.Reason.ADJUSTMENT,
                reference="test",
                idempotency_key=f"test:{uuid.uuid4().hex}",
            )
    return Wallet.objects.get(pk=user.pk)


def balances(user: User) -> tuple[int, int]:
    wallet = Wallet.objects.get(pk=user.pk)
    return wallet.silver, wallet.gold
