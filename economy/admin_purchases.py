"""Staff views of gold purchases and the Stripe events received (handled, or signed but
unusable: what Stripe sent and why the site could not use it). Read-only: money moves only
through Stripe's events (a refund is made in Stripe's dashboard, and its webhook takes the
gold back here)."""

from __future__ import annotations

import json

from django.contrib import admin
from django.utils.html import format_html

from accounts.admin_read_only import ReadOnlyAdmin

from .models import Purchase, PurchaseDispute, StripeEvent, UnusableStripeEvent
from .selectors_purchases import price_shown


@admin.register(Purchase)
class PurchaseAdmin(ReadOnlyAdmin):
    list_display = [
        "created_at",
        "user",
        "pack",
        "gold",
        "price",
        "status",
        "refunded",
        "gold_taken_back",
        "disputed",
    ]
    list_filter = ["status", "disputed", "pack"]
    search_fields = [
        "user__email",
        "user__display_name",
        "stripe_session_id",
        "stripe_payment_intent_id",
    ]
    list_select_related = ["user"]
    date_hierarchy = "created_at"
    fields = [
        "user",
        "pack",
        "gold",
        "price",
        "status",
        "paid_at",
        "refunded",
        "gold_taken_back",
        "disputed",
        "stripe_session_id",
        "stripe_payment_intent_id",
        "idempotency_key",
        "created_at",
    ]
    readonly_fields = fields

    @admin.display(description="price", ordering="amount_cents")
    def price(self, purchase: Purchase) -> str:
        return price_shown(purchase.amount_cents, purchase.currency)

    @admin.display(description="refunded", ordering="amount_refunded_cents")
    def refunded(self, purchase: Purchase) -> str:
        if not purchase.amount_refunded_cents:
            return "—"
        return price_shown(purchase.amount_refunded_cents, purchase.currency)


@admin.register(PurchaseDispute)
class PurchaseDisputeAdmin(ReadOnlyAdmin):
    """What each dispute's events told, in whatever order (services.purchases_disputes)."""

    list_display = ["first_seen_at", "dispute_id", "purchase", "status", "outcome", "status_at"]
    list_filter = ["outcome", "status"]
    search_fields = ["dispute_id", "purchase__user__email", "purchase__stripe_payment_intent_id"]
    list_select_related = ["purchase__user"]
    fields = [
        "dispute_id",
        "purchase",
        "status",
        "status_at",
        "amount_cents",
        "outcome",
        "funds_withdrawn_at",
        "funds_reinstated_at",
        "first_seen_at",
    ]
    readonly_fields = fields


@admin.register(StripeEvent)
class StripeEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "type", "event_id"]
    list_filter = ["type"]
    search_fields = ["event_id"]
    fields = ["event_id", "type", "received_at"]
    readonly_fields = fields


@admin.register(UnusableStripeEvent)
class UnusableStripeEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "type", "event_id", "reason", "detail", "deliveries"]
    list_filter = ["reason", "type"]
    search_fields = ["event_id", "type"]
    date_hierarchy = "received_at"
    fields = [
        "event_id",
        "type",
        "reason",
        "detail",
        "received_at",
        "last_received_at",
        "deliveries",
        "payload_size",
        "payload_sha256",
        "payload_shown",
    ]
    readonly_fields = fields

    @admin.display(description="payload")
    def payload_shown(self, event: UnusableStripeEvent) -> str:
        # indented when it is whole JSON; escaped (ASCII) so no odd character reaches the page
        try:
            text = json.dumps(json.loads(event.payload), indent=2)
        except (ValueError, RecursionError):  # cut at PAYLOAD_KEPT
            text = event.payload
        return format_html('<pre style="white-space: pre-wrap">{}</pre>', text)
