"""Staff views of gold purchases and the Stripe events received. Read-only: money moves only
through Stripe's events (a refund is made in Stripe's dashboard, and its webhook takes the
gold back here)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Purchase, StripeEvent
from .selectors_purchases import price_shown


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


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


@admin.register(StripeEvent)
class StripeEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "type", "event_id"]
    list_filter = ["type"]
    search_fields = ["event_id"]
    fields = ["event_id", "type", "received_at"]
    readonly_fields = fields
