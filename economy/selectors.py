"""Read-only views of wallets: the balances shown in the header and on the wallet page, and
the history of entries. Reading never makes a wallet (the daily-visit middleware does)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator

from .models import SILVER_CAP, LedgerEntry, Wallet

ENTRIES_PER_PAGE = 25


@dataclass(frozen=True)
class WalletSummary:
    silver: int
    gold: int
    gold_debt: int
    open_disputes: int
    silver_cap: int = SILVER_CAP

    @property
    def total(self) -> int:
        return self.silver + self.gold

    @property
    def silver_full(self) -> bool:
        return self.silver >= self.silver_cap

    @property
    def gold_frozen(self) -> bool:
        return self.open_disputes > 0

    @property
    def spendable(self) -> int:
        """What a price may take now: nothing while gold is owed, no gold while frozen."""
        if self.gold_debt > 0:
            return 0
        return self.silver + (0 if self.gold_frozen else self.gold)


def wallet_summary(*, user_id: int) -> WalletSummary:
    row = (
        Wallet.objects.filter(pk=user_id)
        .values("silver", "gold", "gold_debt", "open_disputes")
        .first()
    )
    return WalletSummary(**row) if row else WalletSummary(0, 0, 0, 0)


def wallet_entries_page(
    *, user_id: int, page_number: int | str | None, per_page: int = ENTRIES_PER_PAGE
) -> Page:
    """One page of the player's ledger, newest first; an out-of-range page gives the last."""
    entries = LedgerEntry.objects.filter(wallet_id=user_id).order_by("-id")
    return Paginator(entries, per_page).get_page(page_number)


def wallet_ledger_matches(*, user_id: int) -> bool:
    """The wallet's balances equal the sums of its entries (each currency)."""
    wallet = Wallet.objects.filter(pk=user_id).first()
    if wallet is None:
        return not LedgerEntry.objects.filter(wallet_id=user_id).exists()
    sums: dict[str, int] = {}
    for currency, amount in LedgerEntry.objects.filter(wallet=wallet).values_list(
        "currency", "amount"
    ):
        sums[currency] = sums.get(currency, 0) + amount
    return all(wallet.balance(currency) == sums.get(currency, 0) for currency in BALANCES)


BALANCES = ("silver", "gold", "gold_debt")
