"""Play again (issue 20: "'Play again' (same kind of table, same companions where they
accept)"): a new table of the same kind, rules and computer level; the game's other people are
invited, and the next of them to press it sits at that table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine import RuleOptions
from games.models import Game
from games.tables.models import Invitation
from games.tables.services.play_again import play_again
from games.tables.services.tables import TableError, seat_take, table_create, table_start
from tests.games.conftest import play_to_the_end

pytestmark = pytest.mark.django_db

RULES = RuleOptions(variant="three_handed", target_score=2)


def finished(creator, *others, level="normal", rules=RULES, kind=Game.Kind.PRIVATE) -> Game:
    game = table_create(creator_id=creator.pk, kind=kind, rules=rules, computer_level=level)
    for player in others:
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=creator.pk)
    return play_to_the_end(game)


def test_alone_with_computers_the_new_game_starts_at_once_with_the_same_rules(make_player):
    anna = make_player()
    game = finished(anna)
    again = play_again(game_id=game.pk, user_id=anna.pk)
    assert again.pk != game.pk and again.again_of_id == game.pk
    assert again.status == Game.Status.PLAYING
    assert (again.kind, again.rules, again.computer_level) == (
        Game.Kind.PRIVATE,
        game.rules,
        "normal",
    )
    assert again.seats.count() == 3 and again.seats.get(position=0).user_id == anna.pk


def test_the_companions_are_invited_and_the_next_to_press_sits_at_the_same_table(make_player):
    anna, ben, cleo = make_player(), make_player(), make_player()
    game = finished(anna, ben, cleo)
    again = play_again(game_id=game.pk, user_id=ben.pk)
    assert again.status == Game.Status.OPEN and again.created_by_id == ben.pk
    invited = set(Invitation.objects.filter(game=again).values_list("user_id", flat=True))
    assert invited == {anna.pk, cleo.pk}
    assert play_again(game_id=game.pk, user_id=cleo.pk).pk == again.pk
    assert set(again.seats.exclude(user=None).values_list("user_id", flat=True)) == {
        ben.pk,
        cleo.pk,
    }
    assert Game.objects.filter(again_of=game).count() == 1


def test_play_again_is_refused_before_the_end_to_strangers_and_for_league_tables(make_player):
    anna, stranger = make_player(), make_player()
    playing = table_create(creator_id=anna.pk, kind=Game.Kind.PRIVATE, rules=RULES)
    table_start(game_id=playing.pk, user_id=anna.pk)
    with pytest.raises(TableError) as early:
        play_again(game_id=playing.pk, user_id=anna.pk)
    assert early.value.code == "not_over"
    over = play_to_the_end(playing)
    with pytest.raises(TableError) as foreign:
        play_again(game_id=over.pk, user_id=stranger.pk)
    assert foreign.value.code == "not_seated"
    league = finished(make_player(), kind=Game.Kind.LEAGUE)
    player = league.seats.get(position=0).user
    with pytest.raises(TableError) as refused:
        play_again(game_id=league.pk, user_id=player.pk)
    assert refused.value.code == "league_table"
    assert not Game.objects.filter(again_of__isnull=False).exists()


def test_the_endpoint_takes_a_post_and_opens_the_table_page(client, make_player):
    anna = make_player()
    game = finished(anna)
    client.force_login(anna)
    url = reverse("games:play_again", args=[game.pk])
    assert client.get(url).status_code == 405
    response = client.post(url)
    again = Game.objects.get(again_of=game)
    assert response.status_code == 302 and response["Location"] == f"/tables/{again.pk}/"
    # a second press while that game is on: one game at a time (seed 000)
    refused = client.post(url, follow=True)
    assert "already at another table" in refused.content.decode()
    assert Game.objects.filter(again_of=game).count() == 1
