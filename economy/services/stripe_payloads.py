"""What the site reads from a Stripe event, checked before anything moves.

A correctly signed event can still carry a shape the handlers do not expect (a list where an
object was, no id, an amount as a string or null). Each handled type's fields are checked here,
with their types, and handed on as a clean dict of those fields only; anything else raises
StripeEventUnusable, which the webhook records and answers 200 (a 500 is retried for days).
Pure functions: no database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal, overload

from ..models import UnusableStripeEvent

Reason = UnusableStripeEvent.Reason

# Stripe's ids and event types; anything else is not one (and NUL or a lone surrogate could
# not be stored in PostgreSQL anyway)
STRIPE_ID = re.compile(r"[A-Za-z0-9_]{1,255}")
EVENT_TYPE = re.compile(r"[a-z0-9_.]{1,80}")
# a dispute id becomes part of a ledger idempotency key (120 characters)
DISPUTE_ID_MAX = 100
# a dispute's status: Stripe's words (open or final), lower case
DISPUTE_STATUS = re.compile(r"[a-z_]{1,30}")
# an event's `created`: up to the year 9999
TIMESTAMP_MAX = 253402300799
# amounts are kept in PostgreSQL integer columns
AMOUNT_MAX = 2**31 - 1
# where a handled event's object is, as details name it
OBJECT = "data.object"
# our own metadata: ids of a purchase and a player
METADATA_NUMBER = re.compile(r"[0-9]{1,18}")


class StripeEventUnusable(Exception):
    """A signed event the site cannot use: `reason` (UnusableStripeEvent.Reason) and a short
    `detail` built from our own words only (never the payload's text)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def _path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _shape(path: str, expected: str, value: Any = None, *, missing: bool = False) -> Exception:
    got = "missing" if missing else f"got {_kind(value)}"
    return StripeEventUnusable(Reason.SHAPE, f"{path}: expected {expected}, {got}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "list"}.get(
        type(value), "object"
    )


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def event_json(body: str) -> Any:
    """The body as JSON. ValueError when it is not (NaN and Infinity included, which Python
    would otherwise take, and nesting too deep to parse)."""
    try:
        return json.loads(body, parse_constant=_refuse_constant)
    except RecursionError as error:
        raise ValueError("nested too deeply") from error


def event_labels(event: Any) -> tuple[str, str]:
    """The event's id and type when they are usable, else "": for the record of any event."""
    if not isinstance(event, dict):
        return "", ""
    event_id, event_type = event.get("id"), event.get("type")
    return (
        event_id if isinstance(event_id, str) and STRIPE_ID.fullmatch(event_id) else "",
        event_type if isinstance(event_type, str) and EVENT_TYPE.fullmatch(event_type) else "",
    )


def event_checked(event: Any) -> dict[str, Any]:
    """The data object's fields the handler of this event's type reads, checked and clean; {}
    for a type the site does not handle (its object is not read)."""
    if not isinstance(event, dict):
        raise _shape("the event", "an object", event)
    _stripe_id(event, "id", "")
    event_type = event.get("type")
    if not isinstance(event_type, str) or not EVENT_TYPE.fullmatch(event_type):
        raise _shape("type", "an event type", event_type, missing="type" not in event)
    check = OBJECT_CHECKS.get(event_type)
    if check is None:
        return {}
    data = _object(event, "data", "")
    checked = check(_object(data, "object", "data"))
    if event_type in TIMED_TYPES:
        checked["created"] = _timestamp(event, "created")
    return checked


def _object(parent: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = parent.get(key)
    if not isinstance(value, dict):
        raise _shape(_path(where, key), "an object", value, missing=key not in parent)
    return value


def _stripe_id(parent: dict[str, Any], key: str, where: str, *, max_length: int = 255) -> str:
    value = parent.get(key)
    if not isinstance(value, str) or not STRIPE_ID.fullmatch(value) or len(value) > max_length:
        raise _shape(_path(where, key), "a Stripe id", value, missing=key not in parent)
    return value


@overload
def _amount(
    parent: dict[str, Any], key: str, where: str, *, nullable: Literal[False] = False
) -> int: ...
@overload
def _amount(parent: dict[str, Any], key: str, where: str, *, nullable: bool) -> int | None: ...
def _amount(parent: dict[str, Any], key: str, where: str, *, nullable: bool = False) -> int | None:
    value = parent.get(key)
    if value is None and nullable:
        return None
    # type(), not isinstance: True is an int to Python but not an amount
    if type(value) is not int or not 0 <= value <= AMOUNT_MAX:
        raise _shape(_path(where, key), "an amount in cents", value, missing=key not in parent)
    return value


def _timestamp(parent: dict[str, Any], key: str) -> datetime:
    """A Unix time as Stripe gives it (an event's `created`), as an aware datetime."""
    value = parent.get(key)
    if type(value) is not int or not 0 < value <= TIMESTAMP_MAX:
        raise _shape(key, "a Unix time", value, missing=key not in parent)
    return datetime.fromtimestamp(value, tz=UTC)


def _text(parent: dict[str, Any], key: str, where: str) -> str:
    value = parent.get(key)
    if not isinstance(value, str):
        raise _shape(_path(where, key), "a string", value, missing=key not in parent)
    return value


def _payment_intent(parent: dict[str, Any]) -> str:
    """Its id, also when expanded into an object; "" when there is none."""
    value = parent.get("payment_intent")
    if value is None:
        return ""
    if isinstance(value, dict):
        return _stripe_id(value, "id", f"{OBJECT}.payment_intent")
    return _stripe_id(parent, "payment_intent", OBJECT)


def _our_payment_intent(parent: dict[str, Any]) -> str:
    payment_intent = _payment_intent(parent)
    if not payment_intent:
        # a payment without a payment intent was not made through one of our checkouts
        raise StripeEventUnusable(Reason.NOT_OURS, f"{OBJECT}.payment_intent: none")
    return payment_intent


def _metadata(parent: dict[str, Any]) -> dict[str, str]:
    value = parent.get("metadata")
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _shape(f"{OBJECT}.metadata", "an object", value)
    for item in value.values():
        if not isinstance(item, str):
            raise _shape(f"{OBJECT}.metadata", "string values", item)
    # only our own keys are read, and only when they are numbers
    return {
        key: value[key]
        for key in ("purchase_id", "user_id")
        if key in value and METADATA_NUMBER.fullmatch(value[key])
    }


def _checkout_session(session: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": _stripe_id(session, "id", OBJECT),
        "payment_status": _text(session, "payment_status", OBJECT),
        "payment_intent": _payment_intent(session),
        "amount_total": _amount(session, "amount_total", OBJECT, nullable=True),
        "metadata": _metadata(session),
    }


def _charge(charge: dict[str, Any]) -> dict[str, Any]:
    amount = _amount(charge, "amount", OBJECT)
    amount_refunded = _amount(charge, "amount_refunded", OBJECT)
    if amount_refunded > amount:
        raise StripeEventUnusable(
            Reason.INCONSISTENT, f"{OBJECT}.amount_refunded is more than {OBJECT}.amount"
        )
    payment_intent = _our_payment_intent(charge)
    return {
        "payment_intent": payment_intent,
        "amount": amount,
        "amount_refunded": amount_refunded,
    }


def _dispute_status(dispute: dict[str, Any]) -> str:
    status = _text(dispute, "status", OBJECT)
    if not DISPUTE_STATUS.fullmatch(status):
        raise _shape(f"{OBJECT}.status", "a dispute status", status)
    return status


def _dispute(dispute: dict[str, Any]) -> dict[str, Any]:
    """Any dispute event: the dispute as it stood when the event was made."""
    return {
        "id": _stripe_id(dispute, "id", OBJECT, max_length=DISPUTE_ID_MAX),
        "payment_intent": _our_payment_intent(dispute),
        "status": _dispute_status(dispute),
        "amount": _amount(dispute, "amount", OBJECT),
    }


# per handled event type, the check of its data object (the webhook's handlers: same keys)
OBJECT_CHECKS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "checkout.session.completed": _checkout_session,
    "checkout.session.async_payment_succeeded": _checkout_session,
    "checkout.session.async_payment_failed": _checkout_session,
    "checkout.session.expired": _checkout_session,
    "charge.refunded": _charge,
    "charge.dispute.created": _dispute,
    "charge.dispute.updated": _dispute,
    "charge.dispute.funds_withdrawn": _dispute,
    "charge.dispute.funds_reinstated": _dispute,
    "charge.dispute.closed": _dispute,
}
# the events whose handling depends on when Stripe made them (event_checked adds "created")
TIMED_TYPES = frozenset(kind for kind, check in OBJECT_CHECKS.items() if check is _dispute)
