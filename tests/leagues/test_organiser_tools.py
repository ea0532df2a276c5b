"""The organiser's tools: editing the league (name, description, who may join, and the rules
of its tables from the next season), handing the role over, closing it; members read its past
seasons. Only the organiser may: another member gets a 403 page saying so, a non-member the 404
of a league they cannot see. Each change submitted twice does no more than once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.engine import RuleOptions, preset_rules
from games.models import Game
from leagues.models import League, LeagueInvitation, Membership, Season, SeasonStanding
from leagues.selectors import league_organiser_id
from leagues.services.errors import LeagueError
from leagues.services.members import (
    invitation_accept,
    invitation_send,
    league_join_by_link,
    organiser_hand_over,
)
from leagues.services.organiser import league_close, league_edit
from leagues.services.seasons import season_close
from leagues.services.tables import league_table_open, league_table_sit
from tests.leagues.test_pages import finished_league_game

pytestmark = pytest.mark.django_db


def join(league, organiser, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=organiser.pk, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


@pytest.fixture
def club(make_player, make_league):
    """Olga organises the league; Mia is a member; Nils is not."""
    olga, mia, nils = make_player("Olga"), make_player("Mia"), make_player("Nils")
    league = make_league(olga, name="Friday Club")
    join(league, olga, mia)
    return league, olga, mia, nils


def edit_data(**changes) -> dict:
    """The edit form as a browser sends it: the name, description, joining and every option."""
    data = {"name": "Friday Club", "description": "Cards on Fridays.", "joining": "invitation"}
    data |= {"preset": "custom", "variant": "euchre", "hand_size": "5", "deck": "24"}
    data |= {"target_score": "10", "first_dealer": "random", "benny": "none"}
    data |= {"upturned_benny": "name_blind", "renege": "off", "opening_lead": "loner_left"}
    data |= {"dealer_may_discard_upcard": "True"}
    return data | changes


# ---- editing ---------------------------------------------------------------------------------


def test_the_organiser_edits_the_league_and_new_rules_wait_for_the_next_season(client, club):
    league, olga, mia, _ = club
    client.force_login(olga)
    url = reverse("leagues:edit", args=[league.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert page.context["form"].initial["name"] == "Friday Club"
    assert page.context["form"].initial["preset"] == "standard"
    data = edit_data(name="Friday  Night Club", joining="link", stick_the_dealer="on")
    response = client.post(url, data)
    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.name, league.description, league.joining) == (
        "Friday Night Club",
        "Cards on Fridays.",
        "link",
    )
    assert league.rules == RuleOptions().to_dict()  # this season keeps its rules
    assert league.next_rules == RuleOptions(stick_the_dealer=True).to_dict()
    assert client.post(url, data).status_code == 302  # a second submit: the same league
    league.refresh_from_db()
    assert league.next_rules == RuleOptions(stick_the_dealer=True).to_dict()
    detail = client.get(reverse("leagues:detail", args=[league.pk])).content.decode()
    assert 'id="next-rules"' in detail and "stick the dealer" in detail.lower()
    # a member's table this season still has the season's rules
    game = league_table_open(league_id=league.pk, user_id=mia.pk)
    assert game.rules == RuleOptions().to_dict()


def test_the_next_season_opens_with_the_new_rules(club):
    league, olga, _, _ = club
    rules = preset_rules("three_handed")
    league_edit(
        league_id=league.pk,
        organiser_id=olga.pk,
        name=league.name,
        description="",
        joining=league.joining,
        rules=rules,
    )
    season = Season.objects.get(league=league, number=1)
    assert season_close(season_id=season.pk, now=season.ends_at + timedelta(seconds=1))
    league.refresh_from_db()
    assert league.rules == rules.to_dict() and league.next_rules is None
    assert Season.objects.filter(league=league, number=2).exists()


def test_putting_the_rules_back_cancels_the_change(club):
    league, olga, _, _ = club
    fields = dict(league_id=league.pk, organiser_id=olga.pk, description="", joining="invitation")
    league_edit(name="Friday Club", rules=RuleOptions(going_under=True), **fields)
    league_edit(name="Friday Club", rules=RuleOptions(), **fields)
    league.refresh_from_db()
    assert league.next_rules is None


def test_an_edit_is_refused_with_a_clear_reason(client, club, make_league, make_player):
    league, olga, _, _ = club
    make_league(make_player("Pat"), name="Sunday Club")
    client.force_login(olga)
    url = reverse("leagues:edit", args=[league.pk])
    response = client.post(url, edit_data(name="sunday club"))
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    response = client.post(url, edit_data(variant="two_handed", defend_alone="on"))
    assert response.status_code == 200
    assert "defend_alone needs fixed partnerships" in response.content.decode()
    league.refresh_from_db()
    assert league.name == "Friday Club" and league.next_rules is None


def test_only_the_organiser_may_edit(client, club):
    league, _, mia, nils = club
    url = reverse("leagues:edit", args=[league.pk])
    client.force_login(mia)
    for response in (client.get(url), client.post(url, edit_data(name="Mia's Club"))):
        assert response.status_code == 403
        assert "Only the league&#x27;s organiser can edit it." in response.content.decode()
    client.force_login(nils)
    assert client.get(url).status_code == 404
    assert client.post(url, edit_data(name="Nils's Club")).status_code == 404
    league.refresh_from_db()
    assert league.name == "Friday Club"
    with pytest.raises(LeagueError) as refused:
        league_edit(
            league_id=league.pk,
            organiser_id=mia.pk,
            name="Mia's Club",
            description="",
            joining="link",
            rules=RuleOptions(),
        )
    assert refused.value.code == "not_organiser"


# ---- handing the role over -------------------------------------------------------------------


def test_the_organiser_hands_over_and_a_second_submit_changes_nothing(client, club):
    league, olga, mia, _ = club
    client.force_login(olga)
    url = reverse("leagues:hand_over", args=[league.pk])
    assert client.post(url, {"player": mia.pk}).status_code == 302
    assert client.post(url, {"player": mia.pk}).status_code == 302  # the double click
    assert league_organiser_id(league_id=league.pk) == mia.pk
    roles = dict(
        Membership.objects.filter(league=league, ended_at__isnull=True).values_list(
            "player", "role"
        )
    )
    assert roles == {olga.pk: "member", mia.pk: "organiser"}
    # now Olga is a member: handing the role to herself is an organiser's change, refused
    response = client.post(url, {"player": olga.pk})
    assert response.status_code == 403
    assert "Only the league&#x27;s organiser can do this." in response.content.decode()


def test_only_the_organiser_may_hand_over(client, club, make_player):
    league, olga, mia, nils = club
    cid = make_player("Cid")
    join(league, olga, cid)
    client.force_login(mia)
    response = client.post(reverse("leagues:hand_over", args=[league.pk]), {"player": cid.pk})
    assert response.status_code == 403
    client.force_login(nils)
    response = client.post(reverse("leagues:hand_over", args=[league.pk]), {"player": nils.pk})
    assert response.status_code == 404
    assert league_organiser_id(league_id=league.pk) == olga.pk
    with pytest.raises(LeagueError):
        organiser_hand_over(league_id=league.pk, organiser_id=mia.pk, player_id=cid.pk)


# ---- closing ---------------------------------------------------------------------------------


def test_closing_stops_new_tables_members_and_seasons(client, club, make_player):
    league, olga, mia, nils = club
    waiting = league_table_open(league_id=league.pk, user_id=mia.pk)
    invitation_send(league_id=league.pk, organiser_id=olga.pk, name=nils.display_name)
    League.objects.filter(pk=league.pk).update(joining=League.Joining.LINK)
    client.force_login(olga)
    url = reverse("leagues:close", args=[league.pk])
    assert client.post(url).status_code == 302
    league.refresh_from_db()
    closed_at = league.closed_at
    assert closed_at is not None
    assert client.post(url).status_code == 302  # closing twice: still closed once
    league.refresh_from_db()
    assert league.closed_at == closed_at
    waiting.refresh_from_db()
    assert waiting.status == Game.Status.FINISHED and not waiting.has_winner  # closed unplayed
    assert not LeagueInvitation.objects.filter(league=league, status="pending").exists()
    refusals = [
        lambda: league_table_open(league_id=league.pk, user_id=mia.pk),
        lambda: league_table_sit(game_id=waiting.pk, user_id=olga.pk),
        lambda: invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Nils"),
        lambda: league_join_by_link(token=league.join_token, user_id=nils.pk),
    ]
    for refused in refusals:
        with pytest.raises(LeagueError) as error:
            refused()
        assert "closed" in error.value.message
    season = Season.objects.get(league=league, number=1)
    assert season_close(season_id=season.pk, now=season.ends_at + timedelta(seconds=1))
    assert not Season.objects.filter(league=league, number=2).exists()


def test_members_still_read_a_closed_league_and_its_past_seasons(client, club):
    league, olga, mia, _ = club
    game = finished_league_game(league, [olga, mia, None, None])
    league_close(league_id=league.pk, organiser_id=olga.pk)
    season = Season.objects.get(league=league, number=1)
    season_close(season_id=season.pk, now=season.ends_at + timedelta(seconds=1))
    assert SeasonStanding.objects.filter(season=season).count() == 2
    client.force_login(mia)
    page = client.get(reverse("leagues:detail", args=[league.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="league-closed"' in html
    assert reverse("leagues:table_open", args=[league.pk]) not in html
    assert reverse("leagues:season", args=[league.pk, 1]) in html  # its past seasons
    assert reverse("games:record", args=[game.pk]) in html
    final = client.get(reverse("leagues:season", args=[league.pk, 1]))
    assert final.status_code == 200
    assert "Olga" in final.content.decode() and "Mia" in final.content.decode()


def test_only_the_organiser_may_close(client, club):
    league, _, mia, nils = club
    url = reverse("leagues:close", args=[league.pk])
    client.force_login(mia)
    response = client.post(url)
    assert response.status_code == 403
    assert "Only the league&#x27;s organiser can do this." in response.content.decode()
    client.force_login(nils)
    assert client.post(url).status_code == 404
    assert client.get(url).status_code == 405
    league.refresh_from_db()
    assert league.closed_at is None


def test_a_closed_league_cannot_be_edited(client, club):
    league, olga, _, _ = club
    league_close(league_id=league.pk, organiser_id=olga.pk)
    client.force_login(olga)
    response = client.get(reverse("leagues:edit", args=[league.pk]))
    assert response.status_code == 302
    with pytest.raises(LeagueError) as refused:
        league_edit(
            league_id=league.pk,
            organiser_id=olga.pk,
            name="New Name",
            description="",
            joining="link",
            rules=RuleOptions(),
        )
    assert refused.value.code == "league_closed"
