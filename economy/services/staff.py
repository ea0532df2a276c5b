"""Staff corrections of a wallet, through the same ledger: a compensation credits (for a
genuine server fault, seed 000), an adjustment debits, never below zero. Each names its staff
member and reason."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.urls import reverse

from accounts.models import NotificationKind
from accounts.services.notifications import notify

from ..models import SILVER_CAP, Currency, LedgerEntry
from .errors import WalletRefused
from .ledger import ledger_post, wallet_locked

ADJUSTABLE = (Currency.SILVER, Currency.GOLD)


def wallet_compensate(
    *,
    staff_id: int,
    user_id: int,
    currency: str,
    amount: int,
    note: str,
    idempotency_key: str | None = None,
) -> int:
    """Moves `amount` (signed) of silver or gold for staff. Silver is still capped at 200 and a
    debit stops at zero: returns what actually moved (0: nothing, no entry). The admin form
    passes a key made when the form was shown, so a double submit moves coins once."""
    note = note.strip()
    if not note:
        raise WalletRefused("note_required", "Say why: the reason is kept with the entry.")
    if currency not in ADJUSTABLE:
        raise WalletRefused("currency", "Only silver and gold can be compensated or adjusted.")
    if amount == 0:
        raise WalletRefused("zero", "The amount must not be zero.")
    key = idempotency_key or f"staff:{uuid.uuid4().hex}"
    with transaction.atomic():
        wallet = wallet_locked(user_id=user_id)
        earlier = LedgerEntry.objects.filter(idempotency_key=key, currency=currency).first()
        if earlier is not None:
            return earlier.amount
        balance = wallet.balance(currency)
        if amount > 0:
            room = SILVER_CAP - balance if currency == Currency.SILVER else amount
            moved = min(amount, room)
        else:
            moved = max(amount, -balance)
        if moved == 0:
            return 0
        entry = ledger_post(
            wallet=wallet,
            currency=currency,
            amount=moved,
            reason=(
                LedgerEntry.Reason.COMPENSATION if moved > 0 else LedgerEntry.Reason.ADJUSTMENT
            ),
            reference=f"staff:{staff_id}",
            idempotency_key=key,
            staff_id=staff_id,
            note=note[:200],
        )
        if moved > 0 and entry is not None:
            notify(
                recipient_id=user_id,
                kind=NotificationKind.COINS_CREDITED,
                text=f"The staff credited you {moved} {currency}: {note[:200]}",
                link=reverse("economy:wallet"),
                source=f"ledger:{entry.pk}",
            )
        return moved
