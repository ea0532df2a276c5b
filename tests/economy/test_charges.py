"""Charging for play: each person seated pays when a game starts (computers do not), the
creator pays for a private table, once each however often a request is retried; a player who
cannot pay is refused with the reason and leaves no trace; nothing is given back on leaving."""

from __future__ import annotations

import pytest
from django.urls import reverse

from economy.models import LedgerEntry
from games.engine import RuleOptions
from games.models import Game, Seat
from games.tables.models import QueueEntry
from games.tables.services.quick_play import (
    queue_join,
    queue_match,
    queue_notice_pop,
    queue_play_now,
)
from games.tables.services.tables import (
    TableError,
    game_cancel,
    seat_take,
    table_create,
    table_start,
)

from .coins import balances, new_player, wallet_set

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def prices(settings):
    settings.ECONOMY_PRICE_GAME = 2
    settings.ECONOMY_PRICE_PRIVATE_TABLE = 5


def entries(**filters):
    return LedgerEntry.objects.filter(**filters)


def test_a_private_table_charges_its_creator_once_and_each_person_when_it_starts():
    alice, bob = new_player("Alice"), new_player("Bob")
    wallet_set(alice, silver=10, gold=0)
    wallet_set(bob, silver=1, gold=4)
    game = table_create(creator_id=alice.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert balances(alice) == (5, 0)
    seat_take(game_id=game.pk, user_id=bob.pk)
    table_start(game_id=game.pk, user_id=alice.pk)
    with pytest.raises(TableError):
        table_start(game_id=game.pk, user_id=alice.pk)  # a retried start charges nothing
    assert balances(alice) == (3, 0)
    assert balances(bob) == (0, 3)  # silver first, gold for the rest
    game_entries = entries(reference=f"game:{game.pk}", reason=LedgerEntry.Reason.GAME)
    assert sorted(e.wallet_id for e in game_entries) == sorted([alice.pk, bob.pk, bob.pk])
    assert entries(idempotency_key=f"private_table:{game.pk}").count() == 1
    # computers took the two other seats and paid nothing: only people have wallets entries
    assert Seat.objects.filter(game=game, user__isnull=True).count() == 2


def test_quick_play_with_computers_charges_the_player_and_not_the_computers():
    player = new_player()
    wallet_set(player, silver=10)
    game = queue_play_now(user_id=player.pk)
    assert balances(player) == (8, 0)
    charged = entries(reference=f"game:{game.pk}")
    assert [(e.wallet_id, e.amount) for e in charged] == [(player.pk, -2)]


def test_four_in_the_queue_each_pay_once_when_their_table_starts():
    players = [new_player() for _ in range(4)]
    for player in players:
        wallet_set(player, silver=3)
    games = [queue_join(user_id=player.pk) for player in players]
    game = games[-1]
    assert game is not None and game.status == Game.Status.PLAYING
    assert queue_match() is None
    for player in players:
        assert balances(player) == (1, 0)
        assert entries(idempotency_key=f"game:{game.pk}:player:{player.pk}").count() == 1


def test_a_player_who_cannot_pay_is_refused_quick_play_with_the_reason_and_no_trace():
    player = new_player()
    wallet_set(player, silver=1, gold=0)
    before = entries(wallet_id=player.pk).count()
    for join in (queue_join, queue_play_now):
        with pytest.raises(TableError) as refused:
            join(user_id=player.pk)
        assert refused.value.code == "not_enough_coins"
        assert "you need 1 coin more" in refused.value.message
    assert not QueueEntry.objects.filter(user=player).exists()
    assert not Seat.objects.filter(user=player).exists()
    assert entries(wallet_id=player.pk).count() == before


def test_a_player_who_cannot_pay_for_a_private_table_is_refused_and_no_table_is_made():
    player = new_player()
    wallet_set(player, silver=6, gold=0)  # 5 for the table, but not 2 more for the game
    with pytest.raises(TableError) as refused:
        table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert "you need 1 coin more" in refused.value.message
    assert not Game.objects.filter(created_by=player).exists()
    assert balances(player) == (6, 0)


def test_the_new_table_page_shows_the_price_and_the_refusal(client):
    player = new_player()
    client.force_login(player)
    page = client.get(reverse("games:table_new")).content.decode()  # after the day's silver
    assert "costs 5 coins" in page
    wallet_set(player, silver=0)
    answer = client.post(reverse("games:table_new"), {"target_score": "10"}).content.decode()
    assert "This costs 7 coins and you have 0: you need 7 coins more." in answer
    assert not Game.objects.filter(created_by=player).exists()


def test_a_player_who_cannot_pay_cannot_sit_at_a_private_table():
    alice, bob = new_player("Alice"), new_player("Bob")
    wallet_set(bob, silver=0)
    game = table_create(creator_id=alice.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with pytest.raises(TableError) as refused:
        seat_take(game_id=game.pk, user_id=bob.pk)
    assert refused.value.code == "not_enough_coins"
    assert not Seat.objects.filter(game=game, user=bob).exists()


def test_a_start_with_a_player_who_can_no_longer_pay_charges_nobody():
    alice, bob = new_player("Alice"), new_player("Bob")
    game = table_create(creator_id=alice.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=game.pk, user_id=bob.pk)
    wallet_set(bob, silver=0)  # spent elsewhere meanwhile
    alice_before = balances(alice)
    with pytest.raises(TableError) as refused:
        table_start(game_id=game.pk, user_id=alice.pk)
    assert refused.value.code == "player_cannot_pay"
    assert str(bob) in refused.value.message
    assert balances(alice) == alice_before
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_a_queued_player_who_can_no_longer_pay_leaves_the_queue_and_is_told_why(
    django_capture_on_commit_callbacks,
):
    players = [new_player() for _ in range(4)]
    for player in players[:3]:
        queue_join(user_id=player.pk)
    broke = players[1]
    wallet_set(broke, silver=0)
    with django_capture_on_commit_callbacks(execute=True):
        assert queue_join(user_id=players[3].pk) is None
    assert not QueueEntry.objects.filter(user=broke).exists()
    assert QueueEntry.objects.count() == 3
    assert not entries(reason=LedgerEntry.Reason.GAME).exists()
    notice = queue_notice_pop(user_id=broke.pk)
    assert notice and "You left the quick-play queue" in notice and "you need" in notice
    assert queue_notice_pop(user_id=broke.pk) is None


def test_coins_spent_on_a_game_are_not_given_back_when_the_player_cancels():
    player = new_player()
    wallet_set(player, silver=10)
    game = queue_play_now(user_id=player.pk)
    game_cancel(game_id=game.pk, user_id=player.pk)
    assert balances(player) == (8, 0)
    assert not entries(wallet_id=player.pk, amount__gt=0, reference=f"game:{game.pk}").exists()
