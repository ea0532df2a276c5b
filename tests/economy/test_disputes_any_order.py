"""Stripe sends a dispute's events in any order: every order of created, funds_withdrawn,
closed and funds_reinstated, each replayed, ends in the same wallet and ledger; the gold is
frozen exactly while no event has yet shown the dispute closed."""

from __future__ import annotations

import itertools
import time

import pytest
from django.test import Client

from economy.models import LedgerEntry, Purchase, PurchaseDispute, UnusableStripeEvent, Wallet
from economy.selectors import wallet_ledger_matches

from .conftest import checkout_paid
from .webhook_scene import Delivery, deliver, fresh, undone

pytestmark = pytest.mark.django_db

FINAL = ("won", "lost")


def dispute_events(stand_in, session_id: str, outcome: str) -> dict[str, dict]:
    """The four events of one dispute as Stripe makes them, each with the dispute as it was
    then: opened and its funds withdrawn, then decided and (won, or the refunded part of a
    lost one) funds reinstated."""
    start = int(time.time()) - 3600
    made = {
        "charge.dispute.created": (start, "needs_response"),
        "charge.dispute.funds_withdrawn": (start + 1, "needs_response"),
        "charge.dispute.closed": (start + 600, outcome),
        "charge.dispute.funds_reinstated": (start + 601, outcome),
    }
    events = {}
    for kind, (created, status) in made.items():
        event = stand_in.event(kind, stand_in.dispute(session_id, status=status))
        events[kind] = {**event, "created": created}
    return events


def final_state(player) -> tuple:
    """The wallet, its ledger rows, the purchases and the disputes as the site keeps them."""
    wallet = Wallet.objects.get(pk=player.pk)
    ledger = tuple(
        sorted(
            LedgerEntry.objects.filter(wallet=wallet).values_list(
                "currency", "amount", "balance_after", "reason", "reference", "idempotency_key"
            )
        )
    )
    purchases = tuple(sorted(Purchase.objects.values_list("pk", "disputed", "gold_taken_back")))
    disputes = tuple(PurchaseDispute.objects.values_list("dispute_id", "status", "outcome"))
    balances = (wallet.open_disputes, wallet.silver, wallet.gold, wallet.gold_debt)
    return balances, ledger, purchases, disputes


@pytest.mark.parametrize("outcome", FINAL)
def test_every_order_of_a_disputes_events_ends_the_same(player, player_client, stand_in, outcome):
    disputed = checkout_paid(player_client, stand_in, "gold-100")
    checkout_paid(player_client, stand_in, "gold-600")
    events = dispute_events(stand_in, disputed, outcome)
    webhook = Client()  # Stripe's side
    before = final_state(player)
    assert before[0] == (0, 60, 700, 0)

    ends = set()
    for order in itertools.permutations(events):
        with undone():
            for delivered, kind in enumerate(order, start=1):
                assert deliver(webhook, events[kind]) == Delivery(200, None), order
                closed_yet = any(
                    events[seen]["data"]["object"]["status"] in FINAL for seen in order[:delivered]
                )
                frozen = Wallet.objects.get(pk=player.pk).open_disputes > 0
                assert frozen == (not closed_yet), (order, kind)
            end = final_state(player)
            # replays: the same events again, and the same news as new events, newest first
            for kind in reversed(order):
                assert deliver(webhook, events[kind]) == Delivery(200, None)
                assert deliver(webhook, fresh(events[kind])) == Delivery(200, None)
            assert final_state(player) == end, order
            assert wallet_ledger_matches(user_id=player.pk)
            assert not UnusableStripeEvent.objects.exists()
            ends.add(end)
    assert len(ends) == 1
    (wallet, ledger, purchases, disputes) = ends.pop()
    assert disputes == (
        (events["charge.dispute.closed"]["data"]["object"]["id"], outcome, outcome),
    )
    assert all(not purchase_disputed for _, purchase_disputed, _ in purchases)
    refunds = [entry for entry in ledger if entry[3] == LedgerEntry.Reason.REFUND]
    if outcome == "won":
        assert wallet == (0, 60, 700, 0)
        assert ledger == before[1] and not refunds
    else:
        assert wallet == (0, 60, 600, 0)
        assert [entry[:4] for entry in refunds] == [("gold", -100, 600, "refund")]
        assert tuple(sorted([*before[1], *refunds])) == ledger


def test_a_dispute_closed_before_it_was_created_never_freezes(player, player_client, stand_in):
    """The issue's case: closed (won) arrives, then created: the wallet stays usable."""
    session_id = checkout_paid(player_client, stand_in, "gold-600")
    events = dispute_events(stand_in, session_id, "won")
    webhook = Client()
    for kind in ("charge.dispute.closed", "charge.dispute.created"):
        assert deliver(webhook, events[kind]) == Delivery(200, None)
    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.open_disputes, wallet.gold) == (0, 600)
    assert not Purchase.objects.get().disputed


def test_a_lost_dispute_of_part_of_the_price_takes_back_what_that_part_bought(
    player, player_client, stand_in
):
    session_id = checkout_paid(player_client, stand_in, "gold-600")  # 600 gold for 999 cents
    webhook = Client()
    refund = stand_in.charge_refund(session_id, 333)  # a third refunded: 200 gold back
    assert deliver(webhook, stand_in.event("charge.refunded", refund)) == Delivery(200, None)
    dispute = {**stand_in.dispute(session_id, status="lost"), "amount": 333}
    assert deliver(webhook, stand_in.event("charge.dispute.closed", dispute)) == Delivery(200, None)
    # refunded 333 + lost 333 of 999: two thirds of the gold
    assert Purchase.objects.get().gold_taken_back == 400
    assert Wallet.objects.get(pk=player.pk).gold == 200

    dispute["amount"] = 666  # a later word with the rest of the price: all of it
    later = {**stand_in.event("charge.dispute.funds_reinstated", dispute)}
    later["created"] += 10
    assert deliver(webhook, later) == Delivery(200, None)
    assert Purchase.objects.get().gold_taken_back == 600
    assert Wallet.objects.get(pk=player.pk).gold == 0
    assert wallet_ledger_matches(user_id=player.pk)


def test_a_dispute_id_seen_on_another_payment_is_unusable_and_moves_nothing(
    player, player_client, stand_in
):
    first = checkout_paid(player_client, stand_in, "gold-100")
    second = checkout_paid(player_client, stand_in, "gold-100")
    webhook = Client()
    opened = stand_in.dispute(first, status="needs_response", dispute_id="dp_test_same")
    assert deliver(webhook, stand_in.event("charge.dispute.created", opened)) == Delivery(200, None)
    other = stand_in.dispute(second, status="lost", dispute_id="dp_test_same")
    delivery = deliver(webhook, stand_in.event("charge.dispute.closed", other))
    assert delivery.unusable is not None and delivery.unusable["reason"] == "inconsistent"
    wallet = Wallet.objects.get(pk=player.pk)
    assert (wallet.open_disputes, wallet.gold) == (1, 200)


def test_a_dispute_opened_before_disputes_were_kept_by_id_still_closes(
    player, player_client, stand_in
):
    """A purchase marked disputed (and counted) by the code before this one: its closing event
    finds no record of the dispute and still releases the freeze."""
    session_id = checkout_paid(player_client, stand_in, "gold-100")
    Purchase.objects.update(disputed=True)
    Wallet.objects.filter(pk=player.pk).update(open_disputes=1)
    dispute = stand_in.dispute(session_id, status="won")
    webhook = Client()
    assert deliver(webhook, stand_in.event("charge.dispute.closed", dispute)) == Delivery(200, None)
    assert Wallet.objects.get(pk=player.pk).open_disputes == 0
    assert not Purchase.objects.get().disputed
