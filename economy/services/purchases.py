"""Buying gold through Stripe Checkout: open a checkout, then credit the gold exactly once.

A purchase row is made before Stripe is asked, and its idempotency key (from the buyer's
rendered form) is also Stripe's idempotency key: a double click, or a retried request, finds
the same row and gets the same Checkout Session back. The gold is credited by
`purchase_fulfil`, called by the webhook and by the success page, whichever comes first: it
locks the purchase row, and a purchase already paid is left alone (pretix's confirm-once).

Owed gold (seed: "a debt that blocks further purchases and spending until settled"): a player
who owes gold may buy only a pack at least as large as the debt, and that pack's gold pays the
debt first (DEBT_SETTLED) and the rest is credited. A frozen wallet (an open dispute) buys
nothing until the dispute closes.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import stripe
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Currency, LedgerEntry, Purchase, Wallet
from ..stripe_client import stripe_client
from .ledger import ledger_post, wallet_locked
from .purchase_notices import purchase_credited_notify

log = logging.getLogger(__name__)

# the key rendered into each "buy" form: 32 hex digits (uuid4().hex)
REQUEST_KEY = re.compile(r"[0-9a-f]{32}")
PAID_STATUSES = ("paid", "no_payment_required")


class PurchaseRefused(Exception):
    """Why a purchase could not start, in words for the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class PurchaseUnknown(Exception):
    """A Checkout Session that is not one of ours (or not yet known)."""


@dataclass(frozen=True)
class StartedCheckout:
    purchase: Purchase
    checkout_url: str


def gold_pack(pack_id: str) -> dict[str, Any] | None:
    return settings.ECONOMY_GOLD_PACKS.get(pack_id)


def purchase_refusal(*, wallet: Wallet | None, pack_gold: int) -> PurchaseRefused | None:
    """Why this wallet may not buy a pack of `pack_gold` gold now, or None."""
    if wallet is None:
        return None
    if wallet.open_disputes > 0:
        return PurchaseRefused(
            "wallet_frozen",
            "Your gold is frozen while a payment dispute is open. You can buy gold again "
            "once the dispute is closed.",
        )
    if wallet.gold_debt > pack_gold:
        largest = max(pack["gold"] for pack in settings.ECONOMY_GOLD_PACKS.values())
        if wallet.gold_debt > largest:
            return PurchaseRefused(
                "debt_too_large",
                f"You owe {wallet.gold_debt} gold from a refunded payment, more than any pack "
                "holds. Please contact us to settle it.",
            )
        return PurchaseRefused(
            "debt",
            f"You owe {wallet.gold_debt} gold from a refunded payment. Buy a pack of at least "
            f"{wallet.gold_debt} gold: it pays the debt first and the rest is yours.",
        )
    return None


def purchase_start(
    *, user_id: int, pack_id: str, request_key: str, success_url: str, cancel_url: str
) -> StartedCheckout:
    """Opens (or, for the same request key, reopens) the Checkout Session for a pack."""
    pack = gold_pack(pack_id)
    if pack is None:
        raise PurchaseRefused("unknown_pack", "That pack is not on sale.")
    if not REQUEST_KEY.fullmatch(request_key or ""):
        raise PurchaseRefused("stale_form", "This page was out of date. Please choose again.")
    if "{CHECKOUT_SESSION_ID}" not in success_url:
        raise ValueError("success_url must carry {CHECKOUT_SESSION_ID}")
    key = f"buy:{user_id}:{request_key}"
    with transaction.atomic():
        wallet = wallet_locked(user_id=user_id)  # serialises one player's clicks
        purchase = Purchase.objects.filter(idempotency_key=key).first()
        if purchase is None:
            refusal = purchase_refusal(wallet=wallet, pack_gold=pack["gold"])
            if refusal is not None:
                raise refusal
            purchase = Purchase.objects.create(
                user_id=user_id,
                pack=pack_id,
                gold=pack["gold"],
                amount_cents=pack["amount_cents"],
                currency=pack["currency"],
                idempotency_key=key,
            )
    if purchase.pack != pack_id:
        raise PurchaseRefused("stale_form", "This page was out of date. Please choose again.")
    try:
        if purchase.stripe_session_id:
            session = stripe_client().v1.checkout.sessions.retrieve(purchase.stripe_session_id)
        else:
            session = _checkout_session_create(purchase, pack["price_id"], success_url, cancel_url)
    except stripe.StripeError as error:
        log.warning("stripe refused checkout for purchase %s: %s", purchase.pk, error)
        raise PurchaseRefused(
            "payment_service",
            "The payment service did not answer. Nothing was charged; please try again.",
        ) from error
    if session.status != "open" or not session.url:
        raise PurchaseRefused(
            "checkout_closed",
            "That checkout is already finished or has expired. Please choose a pack again.",
        )
    return StartedCheckout(purchase=purchase, checkout_url=session.url)


def _checkout_session_create(
    purchase: Purchase, price_id: str, success_url: str, cancel_url: str
) -> Any:
    ours = {"purchase_id": str(purchase.pk), "user_id": str(purchase.user_id)}
    session = stripe_client().v1.checkout.sessions.create(
        {
            "mode": "payment",
            "line_items": [{"price": price_id, "quantity": 1}],
            "client_reference_id": str(purchase.pk),
            "metadata": ours,
            "payment_intent_data": {"metadata": ours},
            "success_url": success_url,
            "cancel_url": cancel_url,
        },
        # the same key gets the same session back, so concurrent clicks agree on one
        {"idempotency_key": purchase.idempotency_key},
    )
    with transaction.atomic():
        locked = Purchase.objects.select_for_update().get(pk=purchase.pk)
        if not locked.stripe_session_id:
            locked.stripe_session_id = session.id
            try:
                with transaction.atomic():
                    locked.save(update_fields=["stripe_session_id"])
            except IntegrityError:
                log.error("session %s already belongs to another purchase", session.id)
                raise
        purchase.stripe_session_id = locked.stripe_session_id
    return session


def _purchase_locked(session: dict[str, Any]) -> Purchase:
    """The purchase a Checkout Session pays for, locked: by session id, or, when the session
    id is not saved yet, by the purchase id and player our metadata carries."""
    found = Purchase.objects.select_for_update().filter(stripe_session_id=session["id"]).first()
    if found is not None:
        return found
    metadata = session.get("metadata") or {}
    purchase_id = str(metadata.get("purchase_id") or "")
    user_id = str(metadata.get("user_id") or "")
    if purchase_id.isdigit() and user_id.isdigit():
        found = (
            Purchase.objects.select_for_update()
            .filter(pk=int(purchase_id), user_id=int(user_id), stripe_session_id__isnull=True)
            .first()
        )
        if found is not None:
            found.stripe_session_id = session["id"]
            found.save(update_fields=["stripe_session_id"])
            return found
    raise PurchaseUnknown(session["id"])


def purchase_fulfil(*, session: dict[str, Any]) -> Purchase:
    """Credits a paid Checkout Session's gold, exactly once however often it is called.

    `session` is the Checkout Session as Stripe sends it (a webhook's object or a retrieved
    session, as a dict). A purchase already paid is returned untouched."""
    if session.get("payment_status") not in PAID_STATUSES:
        raise ValueError(f"session {session['id']} is not paid")
    with transaction.atomic():
        purchase = _purchase_locked(session)
        if purchase.status == Purchase.Status.PAID:
            return purchase
        purchase.stripe_payment_intent_id = _payment_intent_id(session)
        if session.get("amount_total"):
            # what Stripe really charged is what a refund is measured against
            purchase.amount_cents = session["amount_total"]
        wallet = wallet_locked(user_id=purchase.user_id)
        reference = f"purchase:{purchase.pk}"
        settled = min(wallet.gold_debt, purchase.gold)
        if settled:
            ledger_post(
                wallet=wallet,
                currency=Currency.GOLD_DEBT,
                amount=-settled,
                reason=LedgerEntry.Reason.DEBT_SETTLED,
                reference=reference,
                idempotency_key=f"{reference}:settle",
            )
        if purchase.gold > settled:
            ledger_post(
                wallet=wallet,
                currency=Currency.GOLD,
                amount=purchase.gold - settled,
                reason=LedgerEntry.Reason.PURCHASE,
                reference=reference,
                idempotency_key=reference,
            )
        purchase.status = Purchase.Status.PAID
        purchase.paid_at = timezone.now()
        purchase.save(
            update_fields=["status", "paid_at", "stripe_payment_intent_id", "amount_cents"]
        )
        purchase_credited_notify(purchase=purchase, debt_settled=settled)
    return purchase


def purchase_payment_pending(*, session: dict[str, Any]) -> Purchase:
    """A completed checkout whose payment (a bank debit, say) is still on its way: remember its
    payment intent and wait for async_payment_succeeded or _failed."""
    with transaction.atomic():
        purchase = _purchase_locked(session)
        payment_intent_id = _payment_intent_id(session)
        if payment_intent_id and not purchase.stripe_payment_intent_id:
            purchase.stripe_payment_intent_id = payment_intent_id
            purchase.save(update_fields=["stripe_payment_intent_id"])
    return purchase


def purchase_close_unpaid(*, session: dict[str, Any], status: str) -> Purchase:
    """The payment failed or the checkout expired. A purchase already paid stays paid: the
    events may arrive in any order, and money received is never forgotten."""
    assert status in (Purchase.Status.FAILED, Purchase.Status.EXPIRED)
    with transaction.atomic():
        purchase = _purchase_locked(session)
        if purchase.status == Purchase.Status.CREATED:
            purchase.status = status
            purchase.save(update_fields=["status"])
    return purchase


def purchase_sync_from_checkout(*, user_id: int, session_id: str) -> Purchase | None:
    """For the success page: when the webhook has not credited the gold yet, ask Stripe about
    the session and credit it if it is paid (the same exactly-once fulfilment)."""
    purchase = Purchase.objects.filter(user_id=user_id, stripe_session_id=session_id).first()
    if purchase is None or purchase.status != Purchase.Status.CREATED:
        return purchase
    try:
        session = stripe_client().v1.checkout.sessions.retrieve(session_id).to_dict()
    except stripe.StripeError as error:
        log.warning("could not retrieve session %s: %s", session_id, error)
        return purchase  # the webhook will tell us
    if session.get("payment_status") in PAID_STATUSES:
        return purchase_fulfil(session=session)
    return purchase


def _payment_intent_id(session: dict[str, Any]) -> str:
    payment_intent = session.get("payment_intent") or ""
    if isinstance(payment_intent, dict):  # expanded
        payment_intent = payment_intent.get("id", "")
    return payment_intent
