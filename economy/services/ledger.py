"""The one place where coins move: lock the wallet, write an entry, update the balance.

Every other service (awards, spends, purchases, refunds, staff compensation) calls
`ledger_post` inside its own transaction. The wallet row is locked first, so movements of one
wallet are serialised; the entry's idempotency key makes a retried movement a no-op; the
database's check constraints refuse a negative balance or silver above the cap whatever a bug
above might try.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction

from ..models import SILVER_CAP, Currency, LedgerEntry, Wallet

BALANCE_FIELDS: dict[str, str] = {
    Currency.SILVER: "silver",
    Currency.GOLD: "gold",
    Currency.GOLD_DEBT: "gold_debt",
}


def wallet_locked(*, user_id: int) -> Wallet:
    """The player's wallet, locked until the transaction ends; made on first use, with the
    welcome grant of silver (settings.ECONOMY_WELCOME_SILVER)."""
    assert transaction.get_connection().in_atomic_block, "lock wallets inside a transaction"
    wallet = Wallet.objects.select_for_update().filter(pk=user_id).first()
    if wallet is not None:
        return wallet
    try:
        with transaction.atomic():
            Wallet.objects.create(user_id=user_id)
    except IntegrityError:
        pass  # made by a concurrent first use; lock theirs
    wallet = Wallet.objects.select_for_update().get(pk=user_id)
    welcome = min(settings.ECONOMY_WELCOME_SILVER, SILVER_CAP)
    if welcome > 0:
        ledger_post(
            wallet=wallet,
            currency=Currency.SILVER,
            amount=welcome,
            reason=LedgerEntry.Reason.WELCOME,
            reference=f"user:{user_id}",
            idempotency_key=f"welcome:{user_id}",
        )
    return wallet


def ledger_post(
    *,
    wallet: Wallet,
    currency: str,
    amount: int,
    reason: str,
    reference: str,
    idempotency_key: str,
    staff_id: int | None = None,
    note: str = "",
) -> LedgerEntry | None:
    """Moves `amount` (signed, non-zero) of `currency` in the locked `wallet`. None when this
    key already moved this currency (nothing moves again). Callers check the rules (cap, what
    may be spent); the database refuses any balance out of bounds."""
    if amount == 0:
        raise ValueError("a ledger entry moves coins")
    if LedgerEntry.objects.filter(idempotency_key=idempotency_key, currency=currency).exists():
        return None
    field = BALANCE_FIELDS[currency]
    balance = getattr(wallet, field) + amount
    setattr(wallet, field, balance)
    wallet.save(update_fields=[field, "updated_at"])
    return LedgerEntry.objects.create(
        wallet=wallet,
        currency=currency,
        amount=amount,
        balance_after=balance,
        reason=reason,
        reference=reference,
        idempotency_key=idempotency_key,
        staff_id=staff_id,
        note=note,
    )
