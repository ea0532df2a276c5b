"""Staff see wallets and ledgers read-only, and compensate or adjust through the ledger."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from economy.models import Currency, LedgerEntry

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client() -> Client:
    client = Client()
    client.force_login(new_player("Boss", is_staff=True, is_superuser=True))
    return client


def test_staff_see_a_wallet_and_its_ledger_read_only(staff_client):
    player = new_player("Paula")
    wallet_set(player, silver=30, gold=12)
    page = staff_client.get(reverse("admin:economy_wallet_change", args=[player.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "Compensate / adjust" in text and "Welcome grant" in text
    assert 'name="silver"' not in text  # balances are not editable
    listing = staff_client.get(reverse("admin:economy_ledgerentry_changelist") + "?currency=gold")
    assert listing.status_code == 200 and "Adjustment by staff" in listing.content.decode()
    entry = LedgerEntry.objects.filter(wallet_id=player.pk).first()
    assert staff_client.post(
        reverse("admin:economy_ledgerentry_delete", args=[entry.pk]), {"post": "yes"}
    ).status_code in (403, 302)
    assert LedgerEntry.objects.filter(pk=entry.pk).exists()
    assert staff_client.get(reverse("admin:economy_ledgerentry_add")).status_code == 403


def test_staff_compensate_gold_once_with_the_reason_even_when_submitted_twice(staff_client):
    player = new_player("Paula")
    wallet_set(player, silver=10, gold=0)
    url = reverse("admin:economy_wallet_compensate")
    form = {
        "player": player.email,
        "currency": Currency.GOLD,
        "amount": "25",
        "note": "server fault lost game 12",
        "token": "abc123",
    }
    assert staff_client.post(url, form).status_code == 302
    staff_client.post(url, form)
    assert balances(player) == (10, 25)
    entry = LedgerEntry.objects.get(wallet_id=player.pk, reason=LedgerEntry.Reason.COMPENSATION)
    assert entry.note == "server fault lost game 12" and entry.staff is not None


def test_an_adjustment_debits_down_to_zero_and_silver_stays_capped(staff_client):
    player = new_player("Paula")
    wallet_set(player, silver=195, gold=4)
    url = reverse("admin:economy_wallet_compensate")
    base = {"player": player.email, "note": "correction"}
    staff_client.post(url, {**base, "currency": "gold", "amount": "-10", "token": "t1"})
    staff_client.post(url, {**base, "currency": "silver", "amount": "50", "token": "t2"})
    assert balances(player) == (200, 0)


def test_the_compensation_form_refuses_without_a_reason(staff_client):
    player = new_player("Paula")
    wallet_set(player, silver=10)
    url = reverse("admin:economy_wallet_compensate")
    page = staff_client.post(
        url, {"player": player.email, "currency": "gold", "amount": "5", "token": "t"}
    )
    assert page.status_code == 200 and "This field is required" in page.content.decode()
    assert balances(player) == (10, 0)


def test_a_player_without_staff_rights_cannot_compensate(client):
    player = new_player("Sneaky", is_staff=True)
    client.force_login(player)
    answer = client.post(
        reverse("admin:economy_wallet_compensate"),
        {"player": player.email, "currency": "gold", "amount": "500", "note": "x", "token": "t"},
    )
    assert answer.status_code == 403
    assert not LedgerEntry.objects.filter(reason=LedgerEntry.Reason.COMPENSATION).exists()
