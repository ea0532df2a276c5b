"""Staff views of coins: wallets and their ledgers, compensation; purchases in admin_purchases.

Balances and entries are read-only here: coins move only through the ledger's services, so a
correction is a new entry (with the staff member and a reason), never an edited balance."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html

from . import admin_purchases  # noqa: F401  (registers purchases and Stripe events)
from .forms import CompensateForm
from .models import LedgerEntry, Wallet
from .services.errors import WalletRefused
from .services.staff import wallet_compensate

RECENT_ENTRIES = 20


def _may_compensate(request: HttpRequest) -> bool:
    return request.user.has_perm("economy.change_wallet")


class RecentEntriesInline(admin.TabularInline):
    model = LedgerEntry
    fields = ["created_at", "currency", "amount", "balance_after", "reason", "reference", "note"]
    readonly_fields = fields
    ordering = ["-id"]
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = True
    verbose_name_plural = f"Entries (newest {RECENT_ENTRIES}: all in Ledger entries)"

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Wallet)
class WalletAdmin(admin.ModelAdmin):
    list_display = ["user", "silver", "gold", "gold_debt", "open_disputes", "updated_at"]
    search_fields = ["user__email", "user__display_name"]
    list_select_related = ["user"]
    readonly_fields = [
        "user",
        "silver",
        "gold",
        "gold_debt",
        "open_disputes",
        "updated_at",
        "ledger",
        "compensate",
    ]
    fields = readonly_fields
    inlines = [RecentEntriesInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a wallet is made on a player's first use of coins

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False  # read-only: see "Compensate / adjust"

    def get_inline_instances(self, request: HttpRequest, obj: Wallet | None = None) -> list:
        # the inline shows the wallet's newest entries only
        inlines = super().get_inline_instances(request, obj)
        for inline in inlines:
            inline.get_queryset = _entries_of(obj, inline.get_queryset)
        return inlines

    @admin.display(description="All entries")
    def ledger(self, wallet: Wallet) -> str:
        url = reverse("admin:economy_ledgerentry_changelist") + f"?wallet__exact={wallet.pk}"
        return format_html('<a href="{}">Every entry of this wallet</a>', url)

    @admin.display(description="Correct")
    def compensate(self, wallet: Wallet) -> str:
        url = reverse("admin:economy_wallet_compensate") + f"?player={wallet.user.email}"
        return format_html('<a class="button" href="{}">Compensate / adjust</a>', url)

    def get_urls(self) -> list[URLPattern]:
        compensate = path(
            "compensate/",
            self.admin_site.admin_view(self.compensate_view),
            name="economy_wallet_compensate",
        )
        return [compensate, *super().get_urls()]

    def compensate_view(self, request: HttpRequest) -> HttpResponse:
        if not _may_compensate(request):
            raise PermissionDenied
        form = CompensateForm(request.POST or None, initial={"player": request.GET.get("player")})
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            player = data["player"]
            try:
                moved = wallet_compensate(
                    staff_id=request.user.pk,
                    user_id=player.pk,
                    currency=data["currency"],
                    amount=data["amount"],
                    note=data["note"],
                    idempotency_key=f"staff:{request.user.pk}:{data['token']}",
                )
            except WalletRefused as refused:
                form.add_error(None, refused.message)
            else:
                if moved == 0:
                    self.message_user(
                        request,
                        f"Nothing moved: {player}'s {data['currency']} is already at its limit.",
                        messages.WARNING,
                    )
                else:
                    self.message_user(
                        request, f"{moved:+d} {data['currency']} for {player}.", messages.SUCCESS
                    )
                return redirect("admin:economy_wallet_change", player.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": "Compensate or adjust coins",
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/economy/compensate.html", context)


def _entries_of(wallet: Wallet | None, get_queryset):
    def entries(request: HttpRequest):
        queryset = LedgerEntry.objects.none() if wallet is None else wallet.entries.all()
        newest = list(queryset.order_by("-id").values_list("pk", flat=True)[:RECENT_ENTRIES])
        return get_queryset(request).filter(pk__in=newest)

    return entries


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = [
        "created_at",
        "wallet",
        "currency",
        "amount",
        "balance_after",
        "reason",
        "reference",
        "staff",
        "note",
    ]
    list_filter = ["currency", "reason", "created_at"]
    date_hierarchy = "created_at"
    search_fields = [
        "wallet__user__email",
        "wallet__user__display_name",
        "reference",
        "idempotency_key",
        "note",
    ]
    list_select_related = ["wallet__user", "staff"]
    readonly_fields = [field.name for field in LedgerEntry._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
