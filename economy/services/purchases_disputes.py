"""Disputes of gold purchases, whatever order Stripe's events arrive in.

Stripe sends a dispute's events (created, funds_withdrawn, funds_reinstated, closed) in any
order, each with the dispute as it stood when the event was made. So no event means "open" or
"close" by its type: each one tells what it knows (the status, the amount, when), kept per
dispute id in a PurchaseDispute, and the wallet follows from what is known:

- a dispute is open until any event shows a final status; a final status is never undone (as
  at Stripe), so an older event arriving later cannot reopen it;
- while any dispute of the buyer is open, the buyer's gold is frozen (Wallet.open_disputes);
- a dispute that ends lost takes back the gold its amount paid for, like a refund of it.

A dispute first seen closed never freezes the wallet; a replayed or older event changes
nothing. The purchase, then the wallet, are locked in that order, as refunds do.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F

from ..models import (
    DISPUTE_FINAL_STATUSES,
    DISPUTE_LOST_STATUSES,
    Purchase,
    PurchaseDispute,
    Wallet,
)
from .ledger import wallet_locked
from .purchases_refunds import _gold_take_back, _paid_purchase_locked

log = logging.getLogger(__name__)

FUNDS_WITHDRAWN = "charge.dispute.funds_withdrawn"
FUNDS_REINSTATED = "charge.dispute.funds_reinstated"


class DisputeOfAnotherPurchase(Exception):
    """A dispute id already known for another payment: the event does not add up."""


def purchase_dispute_sync(
    *,
    payment_intent_id: str,
    dispute_id: str,
    status: str,
    amount_cents: int,
    event_type: str,
    event_created: datetime,
) -> PurchaseDispute:
    """Records what one dispute event tells and brings the freeze and the gold in line."""
    with transaction.atomic():
        purchase = _paid_purchase_locked(payment_intent_id)
        wallet_locked(user_id=purchase.user_id)
        dispute = PurchaseDispute.objects.select_for_update().filter(dispute_id=dispute_id).first()
        was_open = dispute is not None and dispute.is_open
        if dispute is None and purchase.disputed and not purchase.disputes.exists():
            # opened before disputes were kept per id: already counted in open_disputes
            was_open = True
        if dispute is None:
            # as if it had been open with nothing known yet: the event's news is then the newest
            dispute = PurchaseDispute(
                dispute_id=dispute_id,
                purchase=purchase,
                status="",
                status_at=event_created,
                amount_cents=0,
            )
        elif dispute.purchase_id != purchase.pk:
            raise DisputeOfAnotherPurchase(dispute_id)
        _learn(dispute, status, amount_cents, event_type, event_created)
        dispute.save()

        if dispute.is_open != was_open:
            change = 1 if dispute.is_open else -1
            Wallet.objects.filter(pk=purchase.user_id).update(
                open_disputes=F("open_disputes") + change
            )
        _purchase_disputed_set(purchase)
        if dispute.outcome in DISPUTE_LOST_STATUSES:
            target = _gold_lost(purchase, dispute.amount_cents)
            # the target in the key: a later, larger amount takes back the difference once
            _gold_take_back(
                purchase, target=target, idempotency_key=f"dispute:{dispute_id}:{target}"
            )
    return dispute


def _learn(
    dispute: PurchaseDispute, status: str, amount: int, event_type: str, created: datetime
) -> None:
    """Folds one event's news into the dispute: the same whichever order they come in. The
    newest news wins (ties broken by the news itself, so any order agrees), except that a
    closed dispute only hears of final statuses."""
    final = status in DISPUTE_FINAL_STATUSES
    newer = (created, status, amount) > (dispute.status_at, dispute.status, dispute.amount_cents)
    if (final and (dispute.is_open or newer)) or (dispute.is_open and newer):
        if final and dispute.outcome and dispute.outcome != status:
            # Stripe does not re-decide a dispute; should it, the newest word counts
            log.warning("dispute %s: %s after %s", dispute.dispute_id, status, dispute.outcome)
        dispute.status, dispute.status_at, dispute.amount_cents = status, created, amount
        if final:
            dispute.outcome = status
    if event_type == FUNDS_WITHDRAWN:
        dispute.funds_withdrawn_at = min(filter(None, [dispute.funds_withdrawn_at, created]))
    elif event_type == FUNDS_REINSTATED:
        dispute.funds_reinstated_at = min(filter(None, [dispute.funds_reinstated_at, created]))


def _gold_lost(purchase: Purchase, disputed_cents: int) -> int:
    """The gold a lost dispute takes back: what its amount paid for, on top of any refund
    (a dispute of a partly refunded payment is for the rest), all of it at the full price."""
    cents = min(purchase.amount_cents, purchase.amount_refunded_cents + disputed_cents)
    if cents >= purchase.amount_cents:
        return purchase.gold
    return purchase.gold * cents // purchase.amount_cents


def _purchase_disputed_set(purchase: Purchase) -> None:
    disputed = any(d.is_open for d in PurchaseDispute.objects.filter(purchase=purchase))
    if purchase.disputed != disputed:
        purchase.disputed = disputed
        purchase.save(update_fields=["disputed"])
