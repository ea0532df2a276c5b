"""Coins: a wallet per player, the ledger every movement writes, and gold purchases.

Seed 000: silver is earned and capped at 200; gold is only bought, with no cap; silver is spent
first. Balances live on the wallet row for fast reads and locking, and always equal the sum of
the wallet's ledger entries per currency; the database refuses a negative balance and silver
above the cap, so an overdraft is impossible, not just unlikely.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from .references import reference_label

SILVER_CAP = 200


class Currency(models.TextChoices):
    SILVER = "silver", "Silver"
    GOLD = "gold", "Gold"
    # gold a refund took back after it was spent: owed, never a negative balance
    GOLD_DEBT = "gold_debt", "Gold owed"


class Wallet(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="wallet"
    )
    silver = models.IntegerField(default=0)
    gold = models.IntegerField(default=0)
    # while owed gold remains, the player can neither buy nor spend (issue: "a debt that blocks")
    gold_debt = models.IntegerField(default=0)
    # purchases under an open dispute: the wallet's gold is frozen while any is open
    open_disputes = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(silver__gte=0, silver__lte=SILVER_CAP),
                name="economy_silver_between_0_and_cap",
            ),
            models.CheckConstraint(condition=Q(gold__gte=0), name="economy_gold_not_negative"),
            models.CheckConstraint(
                condition=Q(gold_debt__gte=0), name="economy_gold_debt_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(open_disputes__gte=0), name="economy_open_disputes_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.silver} silver, {self.gold} gold"

    def balance(self, currency: str) -> int:
        balances: dict[str, int] = {
            Currency.SILVER: self.silver,
            Currency.GOLD: self.gold,
            Currency.GOLD_DEBT: self.gold_debt,
        }
        return balances[currency]


class LedgerEntry(models.Model):
    """One movement of one currency in one wallet. Never updated, never deleted."""

    class Reason(models.TextChoices):
        WELCOME = "welcome", "Welcome grant"
        DAILY_VISIT = "daily_visit", "Daily visit"
        INVITED_FRIEND = "invited_friend", "Invited a friend"
        ACHIEVEMENT = "achievement", "Achievement"
        RANK_REWARD = "rank_reward", "New rank"
        GAME = "game", "Played a game"
        PRIVATE_TABLE = "private_table", "Opened a private table"
        LEAGUE = "league", "Created a league"
        CHAMPIONS_LEAGUE = "champions_league", "Entered the Champions League"
        PURCHASE = "purchase", "Bought gold"
        REFUND = "refund", "Purchase refunded"
        DEBT_SETTLED = "debt_settled", "Owed gold paid back"
        COMPENSATION = "compensation", "Compensation from staff"
        ADJUSTMENT = "adjustment", "Adjustment by staff"

    wallet = models.ForeignKey(Wallet, on_delete=models.CASCADE, related_name="entries")
    currency = models.CharField(max_length=10, choices=Currency.choices)
    amount = models.IntegerField(help_text="positive: credited; negative: debited")
    balance_after = models.IntegerField()
    reason = models.CharField(max_length=20, choices=Reason.choices)
    # what the movement is about, e.g. "game:12", "purchase:5", "achievement:lone_wolf:3"
    reference = models.CharField(max_length=80, blank=True)
    # one movement per key: a retried request, a replayed webhook or a rerun job finds its
    # entry and moves nothing again
    idempotency_key = models.CharField(max_length=120)
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["wallet", "-id"])]
        constraints = [
            # one key may move two currencies (silver first, gold for the rest) but each once
            models.UniqueConstraint(
                fields=["idempotency_key", "currency"], name="economy_entry_once_per_key"
            ),
            models.CheckConstraint(condition=~Q(amount=0), name="economy_entry_moves_coins"),
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="economy_entry_balance_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.currency} ({self.get_reason_display()})"

    @property
    def reference_label(self) -> str:
        return reference_label(self.reference)


class Purchase(models.Model):
    """A pack of gold bought through a Stripe Checkout Session."""

    class Status(models.TextChoices):
        CREATED = "created", "Waiting for payment"
        PAID = "paid", "Paid, gold credited"
        FAILED = "failed", "Payment failed"
        EXPIRED = "expired", "Checkout expired"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="purchases"
    )
    pack = models.CharField(max_length=40)
    gold = models.PositiveIntegerField()
    amount_cents = models.PositiveIntegerField()
    currency = models.CharField(max_length=3, default="usd")
    # the buyer's request key: a double click on "buy" opens one checkout
    idempotency_key = models.CharField(max_length=80, unique=True)
    stripe_session_id = models.CharField(max_length=255, unique=True, null=True, blank=True)
    stripe_payment_intent_id = models.CharField(max_length=255, blank=True, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED)
    paid_at = models.DateTimeField(null=True, blank=True)
    # cumulative, as Stripe reports it on charge.refunded
    amount_refunded_cents = models.PositiveIntegerField(default=0)
    gold_taken_back = models.PositiveIntegerField(default=0)
    disputed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(gold_taken_back__lte=models.F("gold")),
                name="economy_purchase_takes_back_at_most_its_gold",
            ),
            models.CheckConstraint(
                condition=Q(amount_refunded_cents__lte=models.F("amount_cents")),
                name="economy_purchase_refunds_at_most_its_price",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.gold} gold ({self.get_status_display()})"


# Stripe's dispute statuses that end a dispute (the others: warning_needs_response,
# warning_under_review, needs_response, under_review); charge_refunded is the old name of one
DISPUTE_FINAL_STATUSES = ("won", "lost", "warning_closed", "prevented", "charge_refunded")
# of those, the ones where the money went back to the buyer
DISPUTE_LOST_STATUSES = ("lost",)


class PurchaseDispute(models.Model):
    """What the site knows of one Stripe dispute, whatever order its events came in. Stripe
    sends created, funds_withdrawn, funds_reinstated and closed in any order; each carries the
    dispute as it was when the event was made (`created`). The newest status is kept; a final
    status (won, lost, warning_closed, prevented) closes the dispute for good, as at Stripe."""

    dispute_id = models.CharField(max_length=100, unique=True)
    purchase = models.ForeignKey(Purchase, on_delete=models.PROTECT, related_name="disputes")
    status = models.CharField(max_length=30)
    # when Stripe made the event whose object gave `status` (and `amount_cents`)
    status_at = models.DateTimeField()
    amount_cents = models.PositiveIntegerField()
    # "" while open; else the final status that closed it
    outcome = models.CharField(max_length=30, blank=True)
    funds_withdrawn_at = models.DateTimeField(null=True, blank=True)
    funds_reinstated_at = models.DateTimeField(null=True, blank=True)
    first_seen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-first_seen_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(outcome__in=["", *DISPUTE_FINAL_STATUSES]),
                name="economy_dispute_outcome_is_final_status",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.dispute_id} ({self.outcome or 'open'}: {self.status})"

    @property
    def is_open(self) -> bool:
        return not self.outcome


class StripeEvent(models.Model):
    """Each Stripe event handled, once: a redelivered event finds its row and does nothing."""

    event_id = models.CharField(max_length=255, unique=True)
    type = models.CharField(max_length=80)
    received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"{self.event_id} ({self.type})"


class UnusableStripeEvent(models.Model):
    """A correctly signed Stripe event the site cannot use (an unexpected shape, no purchase of
    ours, amounts that do not add up): answered 200 so Stripe stops retrying, kept for staff.
    One row per event id, or per body when the event has no usable id; no coin moved."""

    class Reason(models.TextChoices):
        SHAPE = "shape", "Unexpected shape"
        NOT_OURS = "not_ours", "Not about a purchase of ours"
        INCONSISTENT = "inconsistent", "Does not add up"

    # "" when the payload has no usable event id (missing, not a string, not an id)
    event_id = models.CharField(max_length=255, blank=True)
    type = models.CharField(max_length=80, blank=True)
    reason = models.CharField(max_length=20, choices=Reason.choices)
    detail = models.CharField(max_length=200)
    # the body as received, its first PAYLOAD_KEPT characters (services.purchases_webhook);
    # payload_size: all its characters
    payload = models.TextField()
    payload_size = models.PositiveIntegerField()
    payload_sha256 = models.CharField(max_length=64)
    deliveries = models.PositiveIntegerField(default=1)
    received_at = models.DateTimeField(auto_now_add=True)
    last_received_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["event_id"],
                condition=~Q(event_id=""),
                name="economy_unusable_event_once_per_id",
            ),
            models.UniqueConstraint(
                fields=["payload_sha256"],
                condition=Q(event_id=""),
                name="economy_unusable_event_once_per_body",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id or 'no id'} ({self.get_reason_display()})"
