"""Watching a league's tables: its current members may (from the league's page), a player
outside the league or a removed member may not (games.watch.selectors, told by leagues.apps
who the members are)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.tables.services.tables import table_start
from games.watch.selectors import LEAGUE_ONLY, Access, live_games_to_watch, watch_access
from leagues.services.members import invitation_accept, invitation_send, member_remove
from leagues.services.tables import league_table_open

pytestmark = pytest.mark.django_db


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


@pytest.fixture
def league_game(make_player, make_league):
    """A league of Ann, Bob and Cid; Ann's table started with computers (Bob and Cid watch)."""
    ann, bob, cid = make_player("Ann"), make_player("Bob"), make_player("Cid")
    league = make_league(ann)
    join(league, bob)
    join(league, cid)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    table_start(game_id=game.pk, user_id=ann.pk)
    game.refresh_from_db()
    return league, game, (ann, bob, cid)


def test_members_watch_a_league_table_and_others_are_refused(league_game, make_player):
    league, game, (ann, bob, cid) = league_game
    assert watch_access(game=game, user_id=bob.pk).access is Access.WATCH
    assert watch_access(game=game, user_id=ann.pk).access is Access.PLAYER
    outsider = watch_access(game=game, user_id=make_player("Eve").pk)
    assert (outsider.access, outsider.message) == (Access.REFUSED, LEAGUE_ONLY)
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=cid.pk)
    assert watch_access(game=game, user_id=cid.pk).access is Access.REFUSED
    assert game.pk in [table.pk for table in live_games_to_watch(user_id=bob.pk)]
    assert game.pk not in [table.pk for table in live_games_to_watch(user_id=cid.pk)]


def test_the_league_page_has_a_watch_link_on_its_live_tables(client, league_game):
    league, game, (ann, bob, _cid) = league_game
    client.force_login(bob)
    page = client.get(reverse("leagues:detail", args=[league.pk])).content.decode()
    assert 'id="league-live"' in page and reverse("games:watch", args=[game.pk]) in page
    client.force_login(ann)  # her own table: she goes back to it
    page = client.get(reverse("leagues:detail", args=[league.pk])).content.decode()
    assert reverse("games:watch", args=[game.pk]) not in page
    assert reverse("games:table", args=[game.pk]) in page
