"""A dispute freezes the buyer's gold until it closes; a lost one takes the gold back."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from economy.models import Currency, LedgerEntry, Purchase, Wallet

from .conftest import checkout_paid, webhook_post

pytestmark = pytest.mark.django_db


def dispute_event(client, stand_in, session_id: str, event_type: str, status: str) -> None:
    dispute = stand_in.dispute(session_id, status=status, dispute_id="dp_test_1")
    assert webhook_post(client, stand_in.event(event_type, dispute)).status_code == 200


def test_a_dispute_freezes_the_wallet_once_and_a_won_one_releases_it(
    player, player_client, stand_in
):
    session_id = checkout_paid(player_client, stand_in, "gold-600")

    dispute_event(player_client, stand_in, session_id, "charge.dispute.created", "needs_response")
    # Stripe may send the same news again as a new event: still one open dispute
    dispute_event(player_client, stand_in, session_id, "charge.dispute.created", "needs_response")

    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.open_disputes, wallet.gold) == (1, 600)
    assert Purchase.objects.get().disputed
    response = player_client.post(
        reverse("purchases:checkout"),
        {"pack": "gold-100", "request_key": uuid.uuid4().hex},
        follow=True,
    )
    assert "frozen while a payment dispute is open" in response.content.decode()
    assert Purchase.objects.count() == 1

    dispute_event(player_client, stand_in, session_id, "charge.dispute.closed", "won")

    wallet.refresh_from_db()
    assert (wallet.open_disputes, wallet.gold) == (0, 600)
    assert not Purchase.objects.get().disputed
    assert "frozen" not in player_client.get(reverse("purchases:buy")).content.decode()


def test_a_lost_dispute_releases_the_freeze_and_takes_the_gold_back(
    player, player_client, stand_in
):
    first = checkout_paid(player_client, stand_in, "gold-100")
    checkout_paid(player_client, stand_in, "gold-600")
    dispute_event(player_client, stand_in, first, "charge.dispute.created", "needs_response")
    dispute_event(player_client, stand_in, first, "charge.dispute.closed", "lost")
    dispute_event(player_client, stand_in, first, "charge.dispute.closed", "lost")  # again

    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.open_disputes, wallet.gold, wallet.gold_debt) == (0, 600, 0)
    disputed = Purchase.objects.get(stripe_session_id=first)
    assert (disputed.disputed, disputed.gold_taken_back) == (False, 100)
    taken = LedgerEntry.objects.get(reason=LedgerEntry.Reason.REFUND)
    assert (taken.currency, taken.amount) == (Currency.GOLD, -100)


def test_two_disputed_purchases_stay_frozen_until_both_close(player, player_client, stand_in):
    first = checkout_paid(player_client, stand_in, "gold-100")
    second = checkout_paid(player_client, stand_in, "gold-100")
    for session_id in (first, second):
        dispute = stand_in.dispute(session_id, status="needs_response")
        webhook_post(player_client, stand_in.event("charge.dispute.created", dispute))
    assert Wallet.objects.get(pk=player.pk).open_disputes == 2

    dispute = stand_in.dispute(first, status="won")
    webhook_post(player_client, stand_in.event("charge.dispute.closed", dispute))
    assert Wallet.objects.get(pk=player.pk).open_disputes == 1
