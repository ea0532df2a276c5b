"""A league table's finished game: its record, downloads and place in the league's recent games
are for the league's current members (and its players, and staff); a player outside the league,
or a member since removed who did not play, gets the 404 of a game that does not exist
(games.records.selectors, told by leagues.apps who the members are)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from leagues.models import LeagueGame
from leagues.services.members import invitation_accept, invitation_send, member_remove
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db

PAGES = ("games:record", "games:history_json", "games:score_sheet_text")


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


@pytest.fixture
def league_record(make_player, make_league):
    """A league of Ann, Bob, Cid and Dan; a finished game at its table where Ann and Bob sat."""
    ann, bob, cid, dan = (make_player(name) for name in ("Ann", "Bob", "Cid", "Dan"))
    league = make_league(ann)
    for member in (bob, cid, dan):
        join(league, member)
    game, _ = finished_game_store([ann, None, bob, None], seed="league-record")
    Game.objects.filter(pk=game.pk).update(kind=Game.Kind.LEAGUE)
    LeagueGame.objects.create(game=game, league=league)
    return league, game, (ann, bob, cid, dan)


def test_a_member_who_did_not_play_sees_a_league_table_s_record(client, league_record):
    league, game, (_ann, _bob, cid, _dan) = league_record
    client.force_login(cid)
    for name in PAGES:
        assert client.get(reverse(name, args=[game.pk])).status_code == 200, name
    body = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert "A private record" in body and "the league's members" in body
    assert 'name="public"' not in body  # not a player: nothing to share
    league_page = client.get(reverse("leagues:detail", args=[league.pk])).content.decode()
    assert f'href="{reverse("games:record", args=[game.pk])}"' in league_page


def test_outsiders_and_removed_members_get_the_404_of_an_unknown_game(
    client, league_record, make_player
):
    league, game, (ann, bob, _cid, dan) = league_record
    unknown = max(Game.objects.values_list("pk", flat=True)) + 1000
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=dan.pk)
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    for person in (make_player("Eve"), dan):
        client.force_login(person)
        client.get(reverse("home"))  # the day's visit reward: its message on this page
        for name in PAGES:
            refused = client.get(reverse(name, args=[game.pk]))
            assert refused.status_code == 404, (person, name)
            assert refused.content == client.get(reverse(name, args=[unknown])).content
    client.force_login(bob)  # removed, but he played it
    assert client.get(reverse("games:record", args=[game.pk])).status_code == 200


def test_a_player_shares_a_league_table_s_record_with_everyone(client, league_record, make_player):
    _league, game, (ann, _bob, _cid, _dan) = league_record
    eve = make_player("Eve")
    client.force_login(ann)
    body = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert "Share this game's record" in body
    client.post(reverse("games:record_share", args=[game.pk]), {"public": "1"})
    client.force_login(eve)
    assert client.get(reverse("games:record", args=[game.pk])).status_code == 200
