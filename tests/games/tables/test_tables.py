"""Tables: seats, starting with computers, and one unfinished game per player (seed 000)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from games.engine import RuleOptions, preset_rules
from games.models import Game, Seat
from games.tables.services.tables import (
    TableError,
    game_cancel,
    invitation_send,
    seat_take,
    table_create,
    table_start,
)

pytestmark = pytest.mark.django_db


def test_a_new_table_seats_its_creator_and_leaves_three_seats_empty(make_player):
    creator = make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seats = list(game.seats.order_by("position"))
    assert [seat.user_id for seat in seats] == [creator.pk, None, None, None]
    assert game.status == Game.Status.OPEN


def test_a_player_cannot_sit_at_two_unfinished_tables(make_player):
    """Seed 000: 'A single player can play only one game at a time.'"""
    alice, bob = make_player(), make_player()
    table_create(creator_id=alice.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    other = table_create(creator_id=bob.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with pytest.raises(TableError) as refused:
        seat_take(game_id=other.pk, user_id=alice.pk)
    assert refused.value.code == "already_playing"
    with pytest.raises(TableError):
        table_create(creator_id=alice.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())


def test_starting_fills_empty_seats_with_computers(make_player):
    creator = make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    table_start(game_id=game.pk, user_id=creator.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert [seat.is_computer for seat in game.seats.order_by("position")] == [
        False,
        True,
        True,
        True,
    ]


@pytest.mark.parametrize(("preset", "seats"), [("two_handed", 2), ("three_handed", 3)])
def test_a_table_has_the_seats_of_its_game_and_computers_fill_the_empty_ones(
    make_player, preset, seats
):
    """Seed 003: two-handed "is for two players", three-handed "for three players"."""
    creator, guest = make_player(), make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules=preset_rules(preset))
    assert game.seats.count() == seats
    seat_take(game_id=game.pk, user_id=guest.pk)
    if seats == 2:
        with pytest.raises(TableError) as refused:
            seat_take(game_id=game.pk, user_id=make_player().pk)
        assert refused.value.code == "table_full"
    table_start(game_id=game.pk, user_id=creator.pk)
    users = list(game.seats.order_by("position").values_list("user_id", flat=True))
    assert users == [creator.pk, guest.pk] + [None] * (seats - 2)


def test_the_lobby_names_the_game_of_my_table_and_of_the_tables_i_am_invited_to(
    client, make_player
):
    host, friend = make_player("Host"), make_player("Friend")
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=preset_rules("call_ace"))
    invitation_send(game_id=game.pk, user_id=host.pk, name="Friend")
    client.force_login(friend)
    lobby = " ".join(client.get(reverse("games:lobby")).content.decode().split())
    assert "Host's table · Call-ace" in lobby
    client.force_login(host)
    lobby = " ".join(client.get(reverse("games:lobby")).content.decode().split())
    assert f"You are at table {game.pk} (waiting for players): Call-ace." in lobby


def test_only_the_creator_starts_the_table(make_player):
    creator, guest = make_player(), make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=game.pk, user_id=guest.pk)
    with pytest.raises(TableError) as refused:
        table_start(game_id=game.pk, user_id=guest.pk)
    assert refused.value.code == "not_creator"


def test_cancelling_hands_the_seat_to_the_computer_and_frees_the_player(started_table, make_player):
    """Seed 000: 'you can cancel the game and let the computer AI finish it instead of you.'"""
    game, players = started_table()
    game_cancel(game_id=game.pk, user_id=players[1].pk)
    seat = Seat.objects.get(game=game, position=1)
    assert seat.cancelled and seat.is_computer and not seat.in_play
    new_game = table_create(creator_id=players[1].pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert new_game.seats.get(position=0).user_id == players[1].pk


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_seat_takes_by_one_player_at_two_tables_seat_them_once(make_player):
    """The database, not a check two requests can both pass, keeps one game per player."""
    player, host_a, host_b = make_player(), make_player(), make_player()
    tables = [
        table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
        for host in (host_a, host_b)
    ]
    barrier, outcomes = threading.Barrier(2), []

    def take(game_id: int) -> None:
        barrier.wait()
        try:
            seat_take(game_id=game_id, user_id=player.pk)
            outcomes.append("seated")
        except TableError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=take, args=(table.pk,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["already_playing", "seated"]
    assert Seat.objects.filter(user=player, in_play=True).count() == 1
