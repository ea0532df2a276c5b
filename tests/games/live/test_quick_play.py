"""Quick play: four players who agree on going under are seated together; anyone may start at
once with computers (seed 000: "players may choose whether to play with going under")."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.models import GoingUnder
from games.engine import RuleOptions
from games.models import Game, QueueEntry, Seat
from games.services.quick_play import (
    queue_join,
    queue_leave,
    queue_match_all,
    queue_play_now,
)
from games.services.tables import TableError, table_create

pytestmark = pytest.mark.django_db


def test_the_fourth_player_to_join_seats_all_four_at_a_started_public_table(make_player):
    players = [make_player() for _ in range(4)]
    assert [queue_join(user_id=player.pk) for player in players[:3]] == [None, None, None]
    game = queue_join(user_id=players[3].pk)
    assert game is not None
    assert game.kind == Game.Kind.PUBLIC and game.status == Game.Status.PLAYING
    seated = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    assert seated == {player.pk for player in players}
    assert not QueueEntry.objects.exists()


def test_players_are_only_seated_with_players_who_agree_on_going_under(make_player):
    with_under = [make_player(going_under=GoingUnder.WITH) for _ in range(3)]
    without = [make_player(going_under=GoingUnder.WITHOUT) for _ in range(2)]
    for player in [*with_under, *without]:
        assert queue_join(user_id=player.pk) is None
    fourth = make_player(going_under=GoingUnder.WITH)
    game = queue_join(user_id=fourth.pk)
    assert RuleOptions.from_dict(game.rules).going_under is True
    seated = set(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    assert seated == {player.pk for player in [*with_under, fourth]}
    assert set(QueueEntry.objects.values_list("user_id", flat=True)) == {p.pk for p in without}


def test_players_who_accept_either_rule_sit_with_either_kind(make_player):
    without = make_player(going_under=GoingUnder.WITHOUT)
    easy = [make_player(going_under=GoingUnder.EITHER) for _ in range(2)]
    with_under = make_player(going_under=GoingUnder.WITH)
    for player in [without, *easy, with_under]:
        assert queue_join(user_id=player.pk) is None  # "with" and "without" never sit together
    game = queue_join(user_id=make_player(going_under=GoingUnder.WITHOUT).pk)
    assert RuleOptions.from_dict(game.rules).going_under is False
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [with_under.pk]


def test_a_player_who_cannot_be_seated_yet_does_not_hold_up_those_behind(make_player):
    lonely = make_player(going_under=GoingUnder.WITH)
    queue_join(user_id=lonely.pk)
    others = [make_player(going_under=GoingUnder.WITHOUT) for _ in range(4)]
    results = [queue_join(user_id=player.pk) for player in others]
    assert results[:3] == [None, None, None] and results[3] is not None
    assert RuleOptions.from_dict(results[3].rules).going_under is False
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [lonely.pk]


def test_starting_now_seats_whoever_waits_and_computers_in_the_other_seats(make_player):
    waiting, impatient = make_player(), make_player()
    queue_join(user_id=waiting.pk)
    game = queue_play_now(user_id=impatient.pk)
    seats = list(Seat.objects.filter(game=game))
    assert {seat.user_id for seat in seats if seat.user_id} == {waiting.pk, impatient.pk}
    assert sum(seat.is_computer for seat in seats) == 2
    assert game.status == Game.Status.PLAYING


def test_a_player_at_a_table_cannot_queue(make_player):
    player = make_player()
    table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with pytest.raises(TableError) as refused:
        queue_join(user_id=player.pk)
    assert refused.value.code == "already_playing"
    assert not QueueEntry.objects.exists()


def test_leaving_the_queue_removes_the_entry(make_player):
    player = make_player()
    queue_join(user_id=player.pk)
    assert queue_leave(user_id=player.pk) is True
    assert queue_leave(user_id=player.pk) is False


@pytest.mark.django_db(transaction=True)
def test_eight_players_joining_at_once_make_exactly_two_tables(make_player):
    players = [make_player() for _ in range(8)]
    barrier = threading.Barrier(len(players))
    errors: list[BaseException] = []

    def join(player) -> None:
        barrier.wait()
        try:
            queue_join(user_id=player.pk)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=join, args=(player,)) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    # a matcher that met another's locked rows may leave a full group waiting: the sweeper
    # seats it a moment later
    queue_match_all()
    assert Game.objects.filter(kind=Game.Kind.PUBLIC).count() == 2
    assert Seat.objects.filter(in_play=True).count() == 8
    assert not QueueEntry.objects.exists()
