"""Telling a buyer their gold was credited, or taken back after a refund. Called by the
purchase services in their transaction, keyed by the purchase (and the refunded amount), so a
replayed Stripe event or the success page and the webhook both crediting tell them once."""

from __future__ import annotations

from django.urls import reverse

from accounts.models import NotificationKind
from accounts.services.notifications import notify

from ..models import Purchase


def _money(cents: int, currency: str) -> str:
    return f"{cents / 100:.2f} {currency.upper()}"


def purchase_credited_notify(*, purchase: Purchase, debt_settled: int) -> None:
    price = _money(purchase.amount_cents, purchase.currency)
    text = f"Your purchase of {purchase.gold} gold ({price}) is paid"
    if debt_settled:
        text += f": {debt_settled} gold paid what you owed, {purchase.gold - debt_settled} added."
    else:
        text += f": {purchase.gold} gold added to your wallet."
    notify(
        recipient_id=purchase.user_id,
        kind=NotificationKind.GOLD_CREDITED,
        text=text,
        link=reverse("economy:wallet"),
        source=f"purchase:{purchase.pk}",
    )


def purchase_refunded_notify(*, purchase: Purchase, gold_taken: int) -> None:
    """After a refund (`purchase.amount_refunded_cents` is Stripe's cumulative amount)."""
    refunded = _money(purchase.amount_refunded_cents, purchase.currency)
    whole = purchase.amount_refunded_cents >= purchase.amount_cents
    text = (
        f"Your purchase of {purchase.gold} gold was {'refunded' if whole else 'partly refunded'}"
        f" ({refunded} in all)"
    )
    text += f": {gold_taken} gold taken back." if gold_taken else "."
    notify(
        recipient_id=purchase.user_id,
        kind=NotificationKind.GOLD_REFUNDED,
        text=text,
        link=reverse("economy:wallet"),
        source=f"refund:{purchase.pk}:{purchase.amount_refunded_cents}",
    )
