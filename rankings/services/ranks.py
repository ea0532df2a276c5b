"""Ranks reached (seed 000): progress in a month is the points earned in it plus the 30% carried
into it; a rank reached for the first time is kept forever and pays its reward once."""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationKind
from accounts.services.notifications import notify
from economy.models import LedgerEntry
from economy.services.wallet import wallet_award

from ..models import GamePoints, MonthCarry, PlayerRank
from ..ranks import RANKS, Rank


def month_progress(*, user_id: int, month: date) -> int:
    """Points earned in `month` (its first day) plus the points carried into it."""
    earned = (
        GamePoints.objects.filter(player_id=user_id, month=month).aggregate(total=Sum("points"))[
            "total"
        ]
        or 0
    )
    carried = (
        MonthCarry.objects.filter(player_id=user_id, year=month.year, month=month.month)
        .values_list("points", flat=True)
        .first()
        or 0
    )
    return earned + carried


def ranks_reach(*, user_id: int, month: date) -> list[Rank]:
    """Records the ranks the player's progress in `month` reaches that they never reached, and
    pays each one's reward (silver, within the cap). A jump past several ranks at once reaches,
    and pays, each of them. Idempotent. Returns the ranks newly reached, lowest first."""
    progress = month_progress(user_id=user_id, month=month)
    known = set(PlayerRank.objects.filter(player_id=user_id).values_list("rank", flat=True))
    reached = []
    for rank in RANKS:
        if rank.monthly_points == 0 or rank.monthly_points > progress or rank.slug in known:
            continue
        try:
            with transaction.atomic():
                PlayerRank.objects.create(
                    player_id=user_id,
                    rank=rank.slug,
                    threshold=rank.monthly_points,
                    reached_at=timezone.now(),
                )
                paid = wallet_award(
                    user_id=user_id,
                    amount=rank.reward_coins,
                    reason=LedgerEntry.Reason.RANK_REWARD,
                    reference=rank.name,  # the wallet history shows it as it is
                    idempotency_key=f"rank:{user_id}:{rank.slug}",
                )
                notify(
                    recipient_id=user_id,
                    kind=NotificationKind.RANK_REACHED,
                    text=f"You reached the rank of {rank.name}"
                    + (f": {paid} silver for it." if paid else "."),
                    link=reverse("rankings:profile", args=[user_id]),
                    source=f"rank:{rank.slug}",
                )
        except IntegrityError:  # reached by a concurrent run of the same check
            continue
        reached.append(rank)
    return reached
