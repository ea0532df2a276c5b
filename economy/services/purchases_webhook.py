"""Stripe's events, each handled once: the event id is recorded in the same transaction as
what the event does, so a redelivery finds it and does nothing, and a handler that fails (or
asks to be retried) leaves no record and Stripe delivers the event again."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction

from ..models import Purchase, StripeEvent
from .purchases import (
    PAID_STATUSES,
    PurchaseUnknown,
    purchase_close_unpaid,
    purchase_fulfil,
    purchase_payment_pending,
)
from .purchases_refunds import (
    purchase_dispute_close,
    purchase_dispute_open,
    purchase_refund_sync,
)

log = logging.getLogger(__name__)


def _session_completed(session: dict[str, Any]) -> None:
    if session.get("payment_status") in PAID_STATUSES:
        purchase_fulfil(session=session)
    else:
        purchase_payment_pending(session=session)


def _session_paid_later(session: dict[str, Any]) -> None:
    purchase_fulfil(session=session)


def _session_failed(session: dict[str, Any]) -> None:
    purchase_close_unpaid(session=session, status=Purchase.Status.FAILED)


def _session_expired(session: dict[str, Any]) -> None:
    purchase_close_unpaid(session=session, status=Purchase.Status.EXPIRED)


def _charge_refunded(charge: dict[str, Any]) -> None:
    purchase_refund_sync(
        payment_intent_id=charge.get("payment_intent") or "",
        amount_refunded_cents=charge["amount_refunded"],
    )


def _dispute_created(dispute: dict[str, Any]) -> None:
    purchase_dispute_open(payment_intent_id=dispute.get("payment_intent") or "")


def _dispute_closed(dispute: dict[str, Any]) -> None:
    purchase_dispute_close(
        payment_intent_id=dispute.get("payment_intent") or "",
        dispute_id=dispute["id"],
        lost=dispute.get("status") == "lost",
    )


HANDLERS: dict[str, Callable[[dict[str, Any]], None]] = {
    "checkout.session.completed": _session_completed,
    "checkout.session.async_payment_succeeded": _session_paid_later,
    "checkout.session.async_payment_failed": _session_failed,
    "checkout.session.expired": _session_expired,
    "charge.refunded": _charge_refunded,
    "charge.dispute.created": _dispute_created,
    "charge.dispute.closed": _dispute_closed,
}


def stripe_event_handle(*, event_id: str, event_type: str, data_object: dict[str, Any]) -> bool:
    """Handles a verified event once. False when it was handled before. Raises
    PurchaseNotYetKnown (nothing recorded) when it must be delivered again later."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                StripeEvent.objects.create(event_id=event_id, type=event_type)
        except IntegrityError:
            return False
        handler = HANDLERS.get(event_type)
        if handler is not None:
            try:
                handler(data_object)
            except PurchaseUnknown:
                # a checkout that is not ours (another product on the same account)
                log.info("stripe event %s (%s) is not about a purchase", event_id, event_type)
    return True
