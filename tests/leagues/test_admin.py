"""The staff pages of leagues: leagues with their memberships and seasons, and lists of
memberships, invitations, league games and kept final tables to search and filter. Read-only:
leagues change through the services. Players do not find these pages at all."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from economy.models import SILVER_CAP
from games.engine import RuleOptions
from games.models import Game, Seat
from leagues.models import League, LeagueGame, Membership, Season
from leagues.services.leagues import league_create
from leagues.services.members import (
    invitation_accept,
    invitation_send,
    league_join_by_link,
    member_remove,
)
from leagues.services.seasons import season_close
from tests.economy.coins import wallet_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, make_player):
    client.force_login(make_player("Boss", is_staff=True, is_superuser=True))
    return client


def league_of(organiser, name: str, joining: str = League.Joining.INVITATION) -> League:
    wallet_set(organiser, silver=SILVER_CAP)
    return league_create(
        organiser_id=organiser.pk,
        name=name,
        description="",
        rules=RuleOptions(),
        joining=joining,
        season_length=League.SeasonLength.WEEK,
        creation_key=uuid.uuid4().hex,
    )


@pytest.fixture
def club(make_player) -> League:
    """Olga's link league: Mia a member, Ned removed, Ivan invited; one game in season 1,
    which is closed with its final table."""
    olga, mia, ned = (make_player(name) for name in ("Olga", "Mia", "Ned"))
    make_player("Ivan")
    league = league_of(olga, "<i>Tuesday</i> Club", joining=League.Joining.LINK)
    for player in (mia, ned):
        league_join_by_link(token=league.join_token, user_id=player.pk)
    member_remove(league_id=league.pk, organiser_id=olga.pk, player_id=ned.pk)
    invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Ivan")
    season = Season.objects.get(league=league, number=1)
    finished_at = season.starts_at + timedelta(hours=1)
    game = Game.objects.create(
        kind=Game.Kind.LEAGUE,
        status=Game.Status.FINISHED,
        rules=league.rules,
        finished_at=finished_at,
        score_team0=10,
        score_team1=3,
        winner_team=0,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user=user, time_limit_ms=1)
        for position, user in enumerate([olga, mia, None, None])
    )
    LeagueGame.objects.create(game=game, league=league)
    season_close(season_id=season.pk, now=season.ends_at)
    return league


def test_players_do_not_find_the_league_admin(client, make_player, club):
    url = reverse("admin:leagues_league_changelist")
    visitor = client.get(url)
    assert visitor.status_code == 302 and visitor["Location"].startswith(reverse("admin:login"))
    client.force_login(Membership.objects.filter(league=club).first().player)
    assert client.get(url).status_code == 404
    assert client.get(reverse("admin:leagues_league_change", args=[club.pk])).status_code == 404
    assert client.get(reverse("admin:leagues_membership_changelist")).status_code == 404


def test_staff_see_the_leagues_with_their_members_and_seasons(staff_client, club):
    listing = staff_client.get(reverse("admin:leagues_league_changelist")).content.decode()
    assert "&lt;i&gt;Tuesday&lt;/i&gt; Club" in listing and "<i>Tuesday</i>" not in listing
    assert '<td class="field-member_count">2</td>' in listing  # Olga and Mia; Ned was removed
    page = staff_client.get(reverse("admin:leagues_league_change", args=[club.pk]))
    body = page.content.decode()
    assert page.status_code == 200
    for name in ("Olga", "Mia", "Ned"):
        assert name in body
    assert "Removed by the organiser" in body
    assert reverse("leagues:detail", args=[club.pk]) in body
    assert 'name="_save"' not in body and "deletelink" not in body
    assert staff_client.get(reverse("admin:leagues_league_add")).status_code == 403


def test_the_league_list_is_searchable_and_filterable(staff_client, make_player, club):
    league_of(make_player("Zed"), "Zebra League")
    url = reverse("admin:leagues_league_changelist")
    found = staff_client.get(url, {"q": "zebra"}).content.decode()
    assert "Zebra League" in found and "Tuesday" not in found
    by_joining = staff_client.get(url, {"joining__exact": "link"}).content.decode()
    assert "Tuesday" in by_joining and "Zebra League" not in by_joining


def test_memberships_and_invitations_are_listed_with_filters_and_search(staff_client, club):
    memberships = reverse("admin:leagues_membership_changelist")
    removed = staff_client.get(memberships, {"ended__exact": "removed"}).content.decode()
    assert "Ned" in removed and "Mia" not in removed
    searched = staff_client.get(memberships, {"q": "mia"}).content.decode()
    assert "Mia" in searched and "Ned" not in searched
    invitations = reverse("admin:leagues_leagueinvitation_changelist")
    pending = staff_client.get(invitations, {"status__exact": "pending"}).content.decode()
    assert "Ivan" in pending
    assert (
        "Ivan" not in staff_client.get(invitations, {"status__exact": "accepted"}).content.decode()
    )


def test_league_games_and_final_tables_are_listed(staff_client, club):
    game = LeagueGame.objects.get(league=club).game
    body = staff_client.get(reverse("admin:leagues_leaguegame_changelist")).content.decode()
    assert reverse("admin:games_game_change", args=[game.pk]) in body and "10-3" in body
    standings = staff_client.get(
        reverse("admin:leagues_seasonstanding_changelist")
    ).content.decode()
    assert "Olga" in standings and "Mia" in standings


def test_the_lists_read_the_same_number_of_queries_for_more_rows(staff_client, make_player, club):
    urls = [
        reverse("admin:leagues_league_changelist"),
        reverse("admin:leagues_membership_changelist"),
        reverse("admin:leagues_leagueinvitation_changelist"),
        reverse("admin:leagues_leaguegame_changelist"),
        reverse("admin:leagues_seasonstanding_changelist"),
    ]

    def counts() -> list[int]:
        found = []
        for url in urls:
            with CaptureQueriesContext(connection) as captured:
                assert staff_client.get(url).status_code == 200
            found.append(len(captured))
        return found

    staff_client.get(urls[0])  # the session's first request counts the day's visit
    before = counts()
    organiser = make_player("More")
    for number in range(3):
        league = league_of(
            organiser if number == 0 else make_player(f"Org{number}"), f"More {number}"
        )
        invitee = make_player(f"Guest{number}")
        invitation = invitation_send(
            league_id=league.pk, organiser_id=league.created_by_id, name=invitee.display_name
        )
        invitation_accept(invitation_id=invitation.pk, user_id=invitee.pk)
        invitation_send(
            league_id=league.pk,
            organiser_id=league.created_by_id,
            name=make_player(f"Late{number}").display_name,
        )
        season = Season.objects.get(league=league)
        game = Game.objects.create(
            kind=Game.Kind.LEAGUE,
            status=Game.Status.FINISHED,
            rules=league.rules,
            finished_at=season.starts_at + timedelta(minutes=1),
            winner_team=1,
            score_team1=10,
        )
        Seat.objects.create(game=game, position=1, user=invitee, time_limit_ms=1)
        LeagueGame.objects.create(game=game, league=league)
        season_close(season_id=season.pk, now=season.ends_at)
    assert counts() == before
