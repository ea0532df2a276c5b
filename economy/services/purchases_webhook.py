"""Stripe's events, each handled once: the event id is recorded in the same transaction as
what the event does, so a redelivery finds it and does nothing, and a handler that fails (or
asks to be retried) leaves no record and Stripe delivers the event again.

A signed event the site cannot use (an unexpected shape, no purchase of ours, amounts that do
not add up) moves nothing and is recorded once as an UnusableStripeEvent for staff; the
webhook answers it 200, since Stripe would retry anything else for days to the same end."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from ..models import Purchase, StripeEvent, UnusableStripeEvent
from .purchases import (
    PAID_STATUSES,
    PurchaseUnknown,
    purchase_close_unpaid,
    purchase_fulfil,
    purchase_payment_pending,
)
from .purchases_disputes import DisputeOfAnotherPurchase, purchase_dispute_sync
from .purchases_refunds import PurchaseAmountsMismatch, purchase_refund_sync
from .stripe_payloads import StripeEventUnusable, event_checked, event_labels

log = logging.getLogger(__name__)

Reason = UnusableStripeEvent.Reason

# of an unusable event's body, what is kept for staff (Stripe's events are a few kB)
PAYLOAD_KEPT = 64 * 1024
DETAIL_KEPT = UnusableStripeEvent._meta.get_field("detail").max_length


@dataclass(frozen=True)
class EventOutcome:
    """What became of a delivered event: "handled", "duplicate" (handled before) or "unusable"
    (with the reason and a short detail)."""

    status: str
    reason: str = ""
    detail: str = ""


def _session_completed(session: dict[str, Any]) -> None:
    if session["payment_status"] in PAID_STATUSES:
        purchase_fulfil(session=session)
    else:
        purchase_payment_pending(session=session)


def _session_paid_later(session: dict[str, Any]) -> None:
    if session["payment_status"] not in PAID_STATUSES:
        raise StripeEventUnusable(
            Reason.INCONSISTENT, "data.object.payment_status: not paid, in async_payment_succeeded"
        )
    purchase_fulfil(session=session)


def _session_failed(session: dict[str, Any]) -> None:
    purchase_close_unpaid(session=session, status=Purchase.Status.FAILED)


def _session_expired(session: dict[str, Any]) -> None:
    purchase_close_unpaid(session=session, status=Purchase.Status.EXPIRED)


def _charge_refunded(charge: dict[str, Any]) -> None:
    purchase_refund_sync(
        payment_intent_id=charge["payment_intent"],
        charge_amount_cents=charge["amount"],
        amount_refunded_cents=charge["amount_refunded"],
    )


def _dispute_event(event_type: str) -> Callable[[dict[str, Any]], None]:
    """Every dispute event tells what it knows of the dispute; none opens or closes it by its
    type alone (Stripe sends them in any order)."""

    def handle(dispute: dict[str, Any]) -> None:
        purchase_dispute_sync(
            payment_intent_id=dispute["payment_intent"],
            dispute_id=dispute["id"],
            status=dispute["status"],
            amount_cents=dispute["amount"],
            event_type=event_type,
            event_created=dispute["created"],
        )

    return handle


DISPUTE_TYPES = (
    "charge.dispute.created",
    "charge.dispute.updated",
    "charge.dispute.funds_withdrawn",
    "charge.dispute.funds_reinstated",
    "charge.dispute.closed",
)

# each receives its data object as stripe_payloads.OBJECT_CHECKS left it (same keys)
HANDLERS: dict[str, Callable[[dict[str, Any]], None]] = {
    "checkout.session.completed": _session_completed,
    "checkout.session.async_payment_succeeded": _session_paid_later,
    "checkout.session.async_payment_failed": _session_failed,
    "checkout.session.expired": _session_expired,
    "charge.refunded": _charge_refunded,
    **{kind: _dispute_event(kind) for kind in DISPUTE_TYPES},
}


def stripe_event_handle(*, event: Any, body: str) -> EventOutcome:
    """Handles a verified event (`event`: its parsed `body`) once. Raises PurchaseNotYetKnown
    (nothing recorded) when it must be delivered again later."""
    event_id, event_type = event_labels(event)
    try:
        data_object = event_checked(event)
        handled = _handle_once(event_id, event_type, data_object)
    except StripeEventUnusable as unusable:
        _unusable_record(event_id, event_type, body, unusable)
        return EventOutcome("unusable", unusable.reason, unusable.detail)
    return EventOutcome("handled" if handled else "duplicate")


def _handle_once(event_id: str, event_type: str, data_object: dict[str, Any]) -> bool:
    """False when the event was handled before. Whatever raises undoes it all, its record too."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                StripeEvent.objects.create(event_id=event_id, type=event_type)
        except IntegrityError:
            return False
        handler = HANDLERS.get(event_type)
        if handler is None:
            return True
        try:
            handler(data_object)
        except PurchaseUnknown as error:
            # a checkout that is not ours (another product on the same account)
            raise StripeEventUnusable(Reason.NOT_OURS, "no purchase has this session") from error
        except PurchaseAmountsMismatch as error:
            raise StripeEventUnusable(
                Reason.INCONSISTENT, "data.object.amount is not the purchase's price"
            ) from error
        except DisputeOfAnotherPurchase as error:
            raise StripeEventUnusable(
                Reason.INCONSISTENT, "data.object.id: a dispute of another payment"
            ) from error
    return True


def _unusable_record(
    event_id: str, event_type: str, body: str, unusable: StripeEventUnusable
) -> None:
    """One row per event id (per body when there is no usable id); a redelivery counts."""
    log.warning(
        "unusable stripe event %s (%s): %s", event_id or "without id", event_type, unusable.detail
    )
    digest = hashlib.sha256(body.encode()).hexdigest()
    same = {"event_id": event_id} if event_id else {"event_id": "", "payload_sha256": digest}
    try:
        with transaction.atomic():
            UnusableStripeEvent.objects.create(
                event_id=event_id,
                type=event_type,
                reason=unusable.reason,
                detail=unusable.detail[:DETAIL_KEPT],
                # the body is valid UTF-8 JSON, so holds no NUL but as an escape; kept safe
                payload=body[:PAYLOAD_KEPT].replace("\x00", "\ufffd"),
                payload_size=len(body),
                payload_sha256=digest,
            )
        return
    except IntegrityError:
        pass  # seen before (or by a concurrent delivery)
    UnusableStripeEvent.objects.filter(**same).update(
        deliveries=F("deliveries") + 1, last_received_at=timezone.now()
    )
