"""Quick play: players waiting for the same game (standard, two-handed, three-handed or call-ace)
who agree on going under are seated together, as many as the game seats; anyone may start at
once with computers at the level they choose (seed 000: "players may choose whether to play with
going under")."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from accounts.models import GoingUnder
from games.engine import RuleOptions, preset_rules
from games.models import ComputerLevel, Game, Seat
from games.tables.models import QueueEntry
from games.tables.services.quick_play import (
    queue_join,
    queue_leave,
    queue_match_all,
    queue_play_now,
)
from games.tables.services.tables import TableError, table_create

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


# ---- quick play for each game ------------------------------------------------------------------


def seated_users(game: Game) -> list[int | None]:
    return list(
        Seat.objects.filter(game=game).order_by("position").values_list("user_id", flat=True)
    )


@pytest.mark.parametrize(
    ("variant", "seats"), [("two_handed", 2), ("three_handed", 3), ("call_ace", 4)]
)
def test_a_table_forms_when_as_many_wait_for_a_game_as_it_seats(make_player, variant, seats):
    """Seed 003: two-handed "is for two players", three-handed "for three players", call-ace
    "for four players"."""
    players = [make_player(going_under=GoingUnder.WITHOUT) for _ in range(seats)]
    assert [queue_join(user_id=p.pk, variant=variant) for p in players[:-1]] == [None] * (seats - 1)
    game = queue_join(user_id=players[-1].pk, variant=variant)
    assert game is not None and game.status == Game.Status.PLAYING
    assert RuleOptions.from_dict(game.rules) == preset_rules(variant)
    assert sorted(seated_users(game)) == sorted(player.pk for player in players)
    assert not QueueEntry.objects.exists()


def test_players_waiting_for_different_games_never_share_a_table(make_player):
    standard = [make_player() for _ in range(3)]
    for player in standard:
        queue_join(user_id=player.pk)
    calling = make_player()
    assert queue_join(user_id=calling.pk, variant="call_ace") is None
    two = make_player()
    assert queue_join(user_id=two.pk, variant="two_handed") is None
    assert not Game.objects.exists()
    # the fourth for the standard game seats the standard players only
    fourth = make_player()
    game = queue_join(user_id=fourth.pk, variant="standard")
    assert RuleOptions.from_dict(game.rules).variant == "euchre"
    assert set(seated_users(game)) == {player.pk for player in [*standard, fourth]}
    waiting = dict(QueueEntry.objects.values_list("user_id", "variant"))
    assert waiting == {calling.pk: "call_ace", two.pk: "two_handed"}


def test_going_under_choices_still_decide_within_a_game(make_player):
    with_under = [make_player(going_under=GoingUnder.WITH) for _ in range(2)]
    without = make_player(going_under=GoingUnder.WITHOUT)
    for player in [with_under[0], without, with_under[1]]:
        queue_join(user_id=player.pk, variant="three_handed")
    assert not Game.objects.exists()
    game = queue_join(user_id=make_player(going_under=GoingUnder.EITHER).pk, variant="three_handed")
    assert RuleOptions.from_dict(game.rules) == preset_rules("three_handed", going_under=True)
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [without.pk]


def test_two_waiting_for_three_handed_start_now_with_one_computer_at_the_chosen_level(
    client, make_player
):
    first, second = make_player(), make_player()
    other = make_player()
    queue_join(user_id=first.pk, variant="three_handed")
    queue_join(user_id=other.pk, variant="standard")
    client.force_login(second)
    client.post(reverse("games:quick_play"), {"variant": "three_handed"})
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "2</strong> of 3 waiting" in lobby
    assert 'data-waiting-for="three_handed">2</strong>' in lobby
    assert 'data-waiting-for="standard">1</strong>' in lobby
    status = client.get(reverse("games:lobby_status")).json()
    assert status["queue_position"] == 2 and status["queue_variant"] == "three_handed"
    assert status["waiting"] == {"standard": 1, "two_handed": 0, "three_handed": 2, "call_ace": 0}

    response = client.post(
        reverse("games:quick_play_now"), {"variant": "three_handed", "computer_level": "easy"}
    )
    game = Game.objects.get(kind=Game.Kind.PUBLIC)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert RuleOptions.from_dict(game.rules).seats == 3
    assert sorted(seated_users(game), key=str) == sorted([first.pk, second.pk, None], key=str)
    assert game.computer_level == ComputerLevel.EASY
    assert game.status == Game.Status.PLAYING
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [other.pk]
    assert client.get(reverse("games:lobby_status")).json()["table_url"] == response["Location"]


def test_play_now_with_computers_takes_the_game_and_the_level_chosen(client, make_player):
    client.force_login(make_player())
    lobby = client.get(reverse("games:lobby")).content.decode()
    for variant in ("standard", "two_handed", "three_handed", "call_ace"):
        assert f'name="variant" value="{variant}"' in lobby
    assert 'name="computer_level"' in lobby
    client.post(
        reverse("games:quick_play_now"), {"variant": "call_ace", "computer_level": "normal"}
    )
    game = Game.objects.get()
    assert RuleOptions.from_dict(game.rules).variant == "call_ace"
    assert game.computer_level == ComputerLevel.NORMAL
    assert sum(user is None for user in seated_users(game)) == 3


def test_a_game_quick_play_does_not_offer_is_refused_and_nothing_changes(client, make_player):
    me = make_player()
    with pytest.raises(TableError) as refused:
        queue_join(user_id=me.pk, variant="kitchen_table")
    assert refused.value.code == "no_such_game"
    client.force_login(me)
    for url in ("games:quick_play", "games:quick_play_now"):
        response = client.post(reverse(url), {"variant": "robson"}, follow=True)
        assert "Choose one of the games" in response.content.decode()
    response = client.post(reverse("games:quick_play_now"), {"computer_level": "godlike"})
    assert response["Location"] == reverse("games:lobby")
    assert not QueueEntry.objects.exists() and not Game.objects.exists()
