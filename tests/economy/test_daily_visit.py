"""The day's silver: once per calendar day, through the service and through the middleware."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from economy.middleware import today_on_site
from economy.models import LedgerEntry
from economy.services.daily_visit import wallet_daily_visit

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db

DAILY = LedgerEntry.Reason.DAILY_VISIT


@pytest.fixture(autouse=True)
def daily_silver(settings):
    settings.ECONOMY_DAILY_SILVER = 10


def test_two_visits_the_same_day_credit_once_and_the_next_day_again():
    player = new_player()
    wallet_set(player, silver=20)
    first = wallet_daily_visit(user_id=player.pk, today=date(2025, 5, 3))
    again = wallet_daily_visit(user_id=player.pk, today=date(2025, 5, 3))
    assert (first.credited, first.already_counted) == (10, False)
    assert (again.credited, again.already_counted) == (0, True)
    assert balances(player) == (30, 0)
    wallet_daily_visit(user_id=player.pk, today=date(2025, 5, 4))
    assert balances(player) == (40, 0)
    references = LedgerEntry.objects.filter(wallet_id=player.pk, reason=DAILY)
    assert sorted(references.values_list("reference", flat=True)) == [
        "day:2025-05-03",
        "day:2025-05-04",
    ]


def test_a_full_wallet_gets_nothing_for_the_visit():
    player = new_player()
    wallet_set(player, silver=200)
    visit = wallet_daily_visit(user_id=player.pk, today=date(2025, 5, 3))
    assert (visit.credited, visit.silver) == (0, 200)
    assert not LedgerEntry.objects.filter(wallet_id=player.pk, reason=DAILY).exists()


def test_the_first_page_of_the_day_credits_silver_and_says_so(client):
    player = new_player()
    client.force_login(player)
    page = client.get(reverse("games:lobby"))
    assert "+10 silver for today&#x27;s visit." in page.content.decode()
    client.get(reverse("games:lobby"))
    Client().force_login(player)  # another device, the same day
    other = Client()
    other.force_login(player)
    other.get(reverse("games:lobby"))
    visits = LedgerEntry.objects.filter(wallet_id=player.pk, reason=DAILY)
    assert list(visits.values_list("reference", flat=True)) == [f"day:{today_on_site()}"]
    assert balances(player) == (60, 0)  # the welcome grant and one visit


def test_a_full_wallet_is_told_why_the_visit_adds_nothing(client):
    player = new_player()
    wallet_set(player, silver=200)
    client.force_login(player)
    response = client.get(reverse("games:lobby"))
    texts = [str(message) for message in get_messages(response.wsgi_request)]
    page = response.content.decode()
    assert "Your silver is full at 200" in page or any("full at 200" in t for t in texts)
    assert balances(player) == (200, 0)


def test_visitors_who_are_not_logged_in_get_nothing(client):
    client.get(reverse("home"))
    assert not LedgerEntry.objects.filter(reason=DAILY).exists()
