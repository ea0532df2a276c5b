"""Staff see purchases, their refunds and the events Stripe sent, and cannot edit them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from economy.models import Purchase, StripeEvent

from .conftest import checkout_paid, webhook_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client() -> Client:
    staff = User.objects.create_superuser(email="staff@example.com", password="x")
    client = Client()
    client.force_login(staff)
    return client


def test_staff_see_a_refunded_purchase_and_its_events(player_client, stand_in, staff_client):
    session_id = checkout_paid(player_client, stand_in, "gold-600")
    refund = stand_in.charge_refund(session_id, 333)
    webhook_post(player_client, stand_in.event("charge.refunded", refund))
    purchase = Purchase.objects.get()

    listing = staff_client.get(reverse("admin:economy_purchase_changelist")).content.decode()
    assert "Buyer" in listing and "$9.99" in listing and "$3.33" in listing
    searched = staff_client.get(
        reverse("admin:economy_purchase_changelist"), {"q": "buyer@example.com", "disputed": "0"}
    )
    assert searched.context["cl"].result_count == 1
    detail = staff_client.get(reverse("admin:economy_purchase_change", args=[purchase.pk]))
    assert detail.status_code == 200
    assert session_id in detail.content.decode()
    assert 'name="gold"' not in detail.content.decode()  # read-only

    events = staff_client.get(reverse("admin:economy_stripeevent_changelist")).content.decode()
    assert "charge.refunded" in events and "checkout.session.completed" in events
    assert StripeEvent.objects.count() == 2
    assert staff_client.get(reverse("admin:economy_purchase_add")).status_code == 403


def test_staff_see_what_a_disputes_events_told(player_client, stand_in, staff_client):
    session_id = checkout_paid(player_client, stand_in, "gold-100")
    for kind, status in (("charge.dispute.closed", "won"), ("charge.dispute.created", "")):
        dispute = stand_in.dispute(session_id, status=status or "needs_response")
        assert webhook_post(player_client, stand_in.event(kind, dispute)).status_code == 200
    dispute_id = stand_in.dispute(session_id, status="won")["id"]

    listing = staff_client.get(reverse("admin:economy_purchasedispute_changelist"))
    assert listing.context["cl"].result_count == 1
    assert dispute_id in listing.content.decode()
    shown = listing.context["cl"].result_list[0]
    assert (shown.status, shown.outcome) == ("won", "won")  # the late "created" did not reopen it
    assert staff_client.get(reverse("admin:economy_purchasedispute_add")).status_code == 403
