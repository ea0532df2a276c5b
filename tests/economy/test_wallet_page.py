"""The wallet page: balances, owed and frozen gold explained, the paginated history; the header
shows the player's coins."""

from __future__ import annotations

import pytest
from django.urls import reverse

from economy.models import LedgerEntry, Wallet
from economy.services.wallet import wallet_award

from .coins import new_player, wallet_set

pytestmark = pytest.mark.django_db


def test_the_wallet_page_shows_balances_and_every_movement_paginated(client):
    player = new_player()
    client.force_login(player)
    client.get(reverse("home"))  # the day's visit is counted first
    wallet_set(player, silver=0, gold=7)
    for number in range(30):
        wallet_award(
            user_id=player.pk,
            amount=1,
            reason=LedgerEntry.Reason.ACHIEVEMENT,
            reference=f"achievement:{number}",
            idempotency_key=f"page:{player.pk}:{number}",
        )
    page = client.get(reverse("economy:wallet")).content.decode()
    assert "<strong>30</strong> / 200" in page and "<strong>7</strong>" in page
    assert "30 silver" in page and "7 gold" in page  # the header
    assert "achievement:29" in page and "Page 1 of 2" in page
    older = client.get(reverse("economy:wallet") + "?page=2").content.decode()
    assert "Welcome grant" in older and "achievement:29" not in older


def test_owed_and_frozen_gold_are_explained(client):
    player = new_player()
    client.force_login(player)
    client.get(reverse("home"))
    wallet_set(player, silver=5)
    Wallet.objects.filter(pk=player.pk).update(gold_debt=3, open_disputes=1)
    page = client.get(reverse("economy:wallet")).content.decode()
    assert "You owe <strong>3 gold</strong>" in page
    assert "frozen while a payment dispute" in page


def test_the_wallet_page_needs_a_login(client):
    assert client.get(reverse("economy:wallet")).status_code == 302
