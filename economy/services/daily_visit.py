"""Silver for entering the site, once per calendar day (seed 000: "entering the game each day")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.conf import settings

from ..models import LedgerEntry, Wallet
from .wallet import wallet_award


@dataclass(frozen=True)
class DailyVisit:
    credited: int  # silver credited by this call (0: already counted today, or the wallet is full)
    already_counted: bool  # this day was counted before (another session or device)
    silver: int  # the balance afterwards


def wallet_daily_visit(*, user_id: int, today: date) -> DailyVisit:
    """Credits the day's silver once per calendar day (the caller says which day it is, in
    settings.TIME_ZONE); the day is in the key, so a second visit the same day credits nothing."""
    key = f"daily_visit:{user_id}:{today.isoformat()}"
    already = LedgerEntry.objects.filter(idempotency_key=key).exists()
    credited = 0
    if not already:
        credited = wallet_award(
            user_id=user_id,
            amount=settings.ECONOMY_DAILY_SILVER,
            reason=LedgerEntry.Reason.DAILY_VISIT,
            reference=f"day:{today.isoformat()}",
            idempotency_key=key,
        )
    silver = Wallet.objects.values_list("silver", flat=True).filter(pk=user_id).first() or 0
    return DailyVisit(credited=credited, already_counted=already, silver=silver)
