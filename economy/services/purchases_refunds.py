"""Refunds and disputes of gold purchases: gold goes back, never below zero.

A refund takes back gold in proportion to the money returned (Stripe reports the refunded
amount cumulatively, so each report sets a target rather than adding to it): floor(gold *
refunded / price), all of it when fully refunded, minus what was already taken back. What the
balance cannot cover becomes owed gold (GOLD_DEBT), which blocks buying and spending until a
later purchase pays it. Disputes (purchases_disputes) take gold back through the same steps.
"""

from __future__ import annotations

from django.db import transaction

from ..models import Currency, LedgerEntry, Purchase
from .ledger import ledger_post, wallet_locked
from .purchase_notices import purchase_refunded_notify


class PurchaseNotYetKnown(Exception):
    """No paid purchase has this payment intent yet: its checkout event has not been handled.
    The webhook answers non-2xx, so Stripe delivers this event again later."""


class PurchaseAmountsMismatch(Exception):
    """A refund of a charge whose amount is not the purchase's price: it cannot be measured
    against this purchase, so nothing is taken back."""


def _paid_purchase_locked(payment_intent_id: str) -> Purchase:
    purchase = (
        Purchase.objects.select_for_update()
        .filter(stripe_payment_intent_id=payment_intent_id, status=Purchase.Status.PAID)
        .first()
        if payment_intent_id
        else None
    )
    if purchase is None:
        raise PurchaseNotYetKnown(payment_intent_id)
    return purchase


def _gold_take_back(purchase: Purchase, *, target: int, idempotency_key: str) -> None:
    """Raises the gold taken back from this (locked) purchase to `target`: from the balance
    first, the rest owed."""
    to_take = target - purchase.gold_taken_back
    if to_take <= 0:
        return
    wallet = wallet_locked(user_id=purchase.user_id)
    reference = f"purchase:{purchase.pk}"
    from_balance = min(wallet.gold, to_take)
    if from_balance:
        ledger_post(
            wallet=wallet,
            currency=Currency.GOLD,
            amount=-from_balance,
            reason=LedgerEntry.Reason.REFUND,
            reference=reference,
            idempotency_key=idempotency_key,
        )
    if to_take > from_balance:
        ledger_post(
            wallet=wallet,
            currency=Currency.GOLD_DEBT,
            amount=to_take - from_balance,
            reason=LedgerEntry.Reason.REFUND,
            reference=reference,
            idempotency_key=idempotency_key,
        )
    purchase.gold_taken_back = target
    purchase.save(update_fields=["gold_taken_back"])


def purchase_refund_sync(
    *, payment_intent_id: str, charge_amount_cents: int, amount_refunded_cents: int
) -> Purchase:
    """Brings a purchase up to Stripe's cumulative refunded amount (charge.refunded) of its
    charge of `charge_amount_cents`."""
    with transaction.atomic():
        purchase = _paid_purchase_locked(payment_intent_id)
        if charge_amount_cents != purchase.amount_cents:
            raise PurchaseAmountsMismatch(
                f"charge {charge_amount_cents}, purchase {purchase.pk}: {purchase.amount_cents}"
            )
        # a late, smaller cumulative report (events out of order) changes nothing
        refunded = min(
            max(purchase.amount_refunded_cents, amount_refunded_cents), purchase.amount_cents
        )
        if refunded == purchase.amount_refunded_cents:
            return purchase
        if refunded >= purchase.amount_cents:
            target = purchase.gold
        else:
            target = purchase.gold * refunded // purchase.amount_cents
        purchase.amount_refunded_cents = refunded
        purchase.save(update_fields=["amount_refunded_cents"])
        taken_before = purchase.gold_taken_back
        _gold_take_back(purchase, target=target, idempotency_key=f"refund:{purchase.pk}:{refunded}")
        taken = purchase.gold_taken_back - taken_before
        purchase_refunded_notify(purchase=purchase, gold_taken=taken)
    return purchase
