"""What the buying pages show: the packs on sale, whether this player may buy, a purchase's
progress. Read-only."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from .models import Purchase, Wallet
from .services.purchases import purchase_refusal


@dataclass(frozen=True)
class PackOffer:
    pack_id: str
    gold: int
    price: str  # as shown, e.g. "$1.99"
    refusal: str  # why this player may not buy it now, or ""


def price_shown(amount_cents: int, currency: str) -> str:
    symbol = {"usd": "$", "eur": "€", "gbp": "£"}.get(currency.lower())
    amount = f"{amount_cents // 100}.{amount_cents % 100:02d}"
    return f"{symbol}{amount}" if symbol else f"{amount} {currency.upper()}"


def pack_offers(*, user_id: int) -> list[PackOffer]:
    wallet = Wallet.objects.filter(pk=user_id).first()
    offers = []
    for pack_id, pack in sorted(
        settings.ECONOMY_GOLD_PACKS.items(), key=lambda item: item[1]["gold"]
    ):
        refusal = purchase_refusal(wallet=wallet, pack_gold=pack["gold"])
        offers.append(
            PackOffer(
                pack_id=pack_id,
                gold=pack["gold"],
                price=price_shown(pack["amount_cents"], pack["currency"]),
                refusal=refusal.message if refusal else "",
            )
        )
    return offers


def purchase_of(*, user_id: int, session_id: str) -> Purchase | None:
    # Stripe's ids are printable ASCII; anything else (a NUL PostgreSQL refuses) finds nothing
    if not (session_id and session_id.isascii() and session_id.isprintable()):
        return None
    return Purchase.objects.filter(user_id=user_id, stripe_session_id=session_id).first()


def gold_owed(*, user_id: int) -> int:
    wallet = Wallet.objects.filter(pk=user_id).first()
    return wallet.gold_debt if wallet else 0
