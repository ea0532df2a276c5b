"""The private leagues' pages through Django's test client: who sees which page, creating a
league (charged once however often the form is sent), invitations, joining by link, the
organiser's tools, league tables, escaping, and the league page's query count."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from economy.models import SILVER_CAP
from economy.selectors import wallet_summary
from games.engine import RuleOptions
from games.models import Game, Seat
from leagues.models import League, LeagueGame, LeagueInvitation, Membership, Season
from leagues.services.leagues import league_create
from leagues.services.members import invitation_accept, invitation_send, league_join_by_link
from leagues.services.seasons import season_close
from tests.economy.coins import wallet_set

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_daily_silver(settings):
    """Balances move only by what the tests do (no silver for the day's first visit)."""
    settings.MIDDLEWARE = [
        name for name in settings.MIDDLEWARE if not name.endswith("DailyVisitMiddleware")
    ]


INDEX = "/leagues/"
CREATE = "/leagues/new/"


def league_of(organiser, name="Friday Club", joining=League.Joining.INVITATION, **fields):
    """A league made by the service, its organiser given the coins to pay for it."""
    wallet_set(organiser, silver=SILVER_CAP)
    return league_create(
        organiser_id=organiser.pk,
        name=name,
        description=fields.pop("description", "Cards on Fridays."),
        rules=fields.pop("rules", RuleOptions(stick_the_dealer=True)),
        joining=joining,
        season_length=fields.pop("season_length", League.SeasonLength.MONTH),
        creation_key=uuid.uuid4().hex,
    )


def join(league, organiser, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=organiser.pk, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


def detail_url(league) -> str:
    return reverse("leagues:detail", args=[league.pk])


def texts(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def silver(player) -> int:
    return wallet_summary(user_id=player.pk).silver


def finished_league_game(league, players, *, score=(10, 4), finished_at=None) -> Game:
    """A game finished at the league's table, `players` in seats 0-3 (None: a computer)."""
    finished_at = finished_at or timezone.now()
    game = Game.objects.create(
        kind=Game.Kind.LEAGUE,
        status=Game.Status.FINISHED,
        rules=league.rules,
        created_by=players[0],
        started_at=finished_at - timedelta(minutes=15),
        finished_at=finished_at,
        score_team0=score[0],
        score_team1=score[1],
        winner_team=0 if score[0] > score[1] else 1,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, user=player, time_limit_ms=30_000)
        for position, player in enumerate(players)
    )
    LeagueGame.objects.create(game=game, league=league)
    return game


# ---- who sees what --------------------------------------------------------------------------


def test_every_league_page_asks_a_visitor_to_log_in(client, make_player):
    league = league_of(make_player("Olga"))
    for url in (
        INDEX,
        CREATE,
        detail_url(league),
        reverse("leagues:join", args=[league.join_token]),
    ):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_index_lists_my_leagues_invitations_and_the_champions_league(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    mine = league_of(ivan, name="Ivan Own")
    theirs = league_of(olga, name="Olga Club")
    invitation = invitation_send(league_id=theirs.pk, organiser_id=olga.pk, name="Ivan")
    client.force_login(ivan)
    body = client.get(INDEX).content.decode()
    assert "Ivan Own" in body and "Organiser" in body
    assert "Olga Club" in body and "invited by Olga" in body
    assert reverse("leagues:invitation_accept", args=[invitation.pk]) in body
    assert reverse("leagues:invitation_decline", args=[invitation.pk]) in body
    assert reverse("leagues:detail", args=[mine.pk]) in body
    assert reverse("leagues:detail", args=[theirs.pk]) not in body  # not a member yet
    assert "Champions League" in body and 'href="/champions/"' in body
    assert f'href="{CREATE}"' in body
    season = Season.objects.get(league=mine)
    assert f"The season ends {timezone.localtime(season.ends_at):%-d %B, %H:%M}" in body
    assert "left in the season" in body


def test_the_league_page_is_for_current_members_only(client, make_player):
    olga, mia, stranger = make_player("Olga"), make_player("Mia"), make_player("Stan")
    league = league_of(olga)
    join(league, olga, mia)
    for player in (olga, mia):
        client.force_login(player)
        assert client.get(detail_url(league)).status_code == 200
    client.force_login(stranger)
    assert client.get(detail_url(league)).status_code == 404
    assert client.get(reverse("leagues:season", args=[league.pk, 1])).status_code == 404
    # a member who left is a stranger again
    client.force_login(mia)
    client.post(reverse("leagues:leave", args=[league.pk]))
    assert client.get(detail_url(league)).status_code == 404
    assert client.get(reverse("leagues:detail", args=[league.pk + 1000])).status_code == 404


def test_the_league_page_shows_rules_season_standings_members_and_games(client, make_player):
    olga, mia, ned, kim = (make_player(name) for name in ("Olga", "Mia", "Ned", "Kim"))
    league = league_of(olga)
    for player in (mia, ned, kim):
        join(league, olga, player)
    game = finished_league_game(league, [olga, mia, ned, kim], score=(10, 7))
    client.force_login(mia)
    body = client.get(detail_url(league)).content.decode()
    assert "Euchre, to 10, Stick the dealer" in body
    assert "Season 1 standings" in body and "left</span>" in body
    standings = body[
        body.index('id="standings"') : body.index("</table>", body.index('id="standings"'))
    ]
    # Olga and Ned won 10-7 (15 points each), Mia and Kim have 7; my row is marked
    assert standings.index("Olga") < standings.index("Mia")
    assert '<tr class="me">' in standings and "<td>15</td>" in standings
    members = body[body.index('id="members"') :]
    assert members.index("Olga") < members.index("Organiser") < members.index("Mia")
    assert reverse("games:record", args=[game.pk]) in body and "10\N{EN DASH}7" in body
    # a member has no organiser's tools, no remove buttons, but may leave
    assert 'id="organiser-tools"' not in body and "member_remove" not in body
    assert reverse("leagues:leave", args=[league.pk]) in body
    assert reverse("leagues:table_open", args=[league.pk]) in body


def test_the_organiser_sees_the_tools_and_the_join_link_of_a_link_league(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    make_player("Ivo")
    link_league = league_of(olga, name="Open Doors", joining=League.Joining.LINK)
    closed_league = league_of(olga, name="Closed Doors")
    league_join_by_link(token=link_league.join_token, user_id=mia.pk)
    invitation_send(league_id=link_league.pk, organiser_id=olga.pk, name="Ivo")
    client.force_login(olga)
    body = client.get(detail_url(link_league)).content.decode()
    assert 'id="organiser-tools"' in body
    join_url = "http://testserver" + reverse("leagues:join", args=[link_league.join_token])
    assert f'value="{join_url}"' in body
    assert "Ivo" in body[body.index('id="pending-invitations"') :]
    assert reverse("leagues:member_remove", args=[link_league.pk, mia.pk]) in body
    assert reverse("leagues:member_remove", args=[link_league.pk, olga.pk]) not in body
    assert f'<option value="{mia.pk}">Mia</option>' in body
    closed = client.get(detail_url(closed_league)).content.decode()
    assert 'id="join-link"' not in closed and closed_league.join_token not in closed


def test_a_champions_league_has_no_private_league_page(client, make_player):
    player = make_player("Olga")
    champions = League.objects.create(
        kind=League.Kind.CHAMPIONS,
        name="Champions League",
        rules=RuleOptions().to_dict(),
        month=timezone.now().date().replace(day=1),
    )
    Membership.objects.create(league=champions, player=player, joined_at=timezone.now())
    client.force_login(player)
    assert client.get(detail_url(champions)).status_code == 404
    assert client.get(reverse("leagues:join", args=[champions.join_token])).status_code == 404


def test_changes_take_only_posts(client, make_player):
    olga = make_player("Olga")
    league = league_of(olga)
    client.force_login(olga)
    for url in (
        reverse("leagues:leave", args=[league.pk]),
        reverse("leagues:invite", args=[league.pk]),
        reverse("leagues:hand_over", args=[league.pk]),
        reverse("leagues:table_open", args=[league.pk]),
        reverse("leagues:invitation_accept", args=[1]),
        reverse("leagues:invitation_decline", args=[1]),
    ):
        assert client.get(url).status_code == 405
    assert Membership.objects.filter(league=league, ended_at__isnull=True).count() == 1


# ---- creating a league ----------------------------------------------------------------------


def create_form(client) -> dict:
    """The creation form's fields as the page renders them, with a name typed in."""
    response = client.get(CREATE)
    form = response.context["form"]
    return {
        "name": "Tuesday Euchre",
        "description": "Every Tuesday.",
        "joining": "link",
        "season_length": "week",
        "target_score": "11",
        "going_under": "on",
        "creation_key": form.initial["creation_key"],
    }


def test_the_create_page_states_the_price_and_my_coins(client, make_player):
    olga = make_player("Olga")
    client.force_login(olga)
    body = client.get(CREATE).content.decode()
    assert "costs <strong>50 coins</strong>" in body
    assert f"You have {silver(olga)} silver and 0 gold" in body
    assert 'type="hidden" name="creation_key"' in body
    for field in (
        "name",
        "description",
        "joining",
        "season_length",
        "stick_the_dealer",
        "target_score",
    ):
        assert f'name="{field}"' in body
    # each rendering has its own one-time key
    other = client.get(CREATE).context["form"].initial["creation_key"]
    assert other != client.get(CREATE).context["form"].initial["creation_key"]


def test_creating_a_league_charges_once_even_when_the_form_is_sent_twice(client, make_player):
    olga = make_player("Olga")
    wallet_set(olga, silver=120)
    client.force_login(olga)
    data = create_form(client)
    first = client.post(CREATE, data)
    league = League.objects.get(name="Tuesday Euchre")
    assert first.status_code == 302 and first["Location"] == detail_url(league)
    assert "Tuesday Euchre" in " ".join(texts(first))
    second = client.post(CREATE, data)  # a double click: the same form again
    assert second.status_code == 302 and second["Location"] == detail_url(league)
    assert League.objects.filter(created_by=olga).count() == 1
    assert silver(olga) == 70
    assert league.joining == "link" and league.season_length == "week"
    assert RuleOptions.from_dict(league.rules) == RuleOptions(going_under=True, target_score=11)
    assert Membership.objects.get(league=league).role == Membership.Role.ORGANISER


def test_a_second_form_with_a_taken_name_is_refused_with_the_services_message(client, make_player):
    olga = make_player("Olga")
    league_of(make_player("Ivan"), name="Tuesday EUCHRE")
    wallet_set(olga, silver=120)
    client.force_login(olga)
    response = client.post(CREATE, create_form(client), follow=True)
    assert response.status_code == 200
    assert any("already exists" in text for text in texts(response))
    assert 'value="Tuesday Euchre"' in response.content.decode()  # the form keeps what was typed
    assert silver(olga) == 120 and not League.objects.filter(created_by=olga).exists()


def test_a_player_who_cannot_pay_is_told_so_and_gets_no_league(client, make_player):
    olga = make_player("Olga")
    wallet_set(olga, silver=49, gold=0)
    client.force_login(olga)
    response = client.post(CREATE, create_form(client))
    assert response.status_code == 200
    assert "you need 1 coin" in " ".join(texts(response))
    assert silver(olga) == 49 and not League.objects.filter(created_by=olga).exists()


def test_the_form_checks_the_name_and_description_lengths(client, make_player):
    client.force_login(make_player("Olga"))
    data = create_form(client)
    for wrong in ({"name": "x"}, {"name": "y" * 61}, {"description": "z" * 1001}):
        response = client.post(CREATE, {**data, **wrong})
        assert response.status_code == 200 and response.context["form"].errors
    assert not League.objects.exists()


# ---- invitations ----------------------------------------------------------------------------


def test_an_invited_player_accepts_from_the_index(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(olga)
    invitation = invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Ivan")
    client.force_login(ivan)
    response = client.post(reverse("leagues:invitation_accept", args=[invitation.pk]))
    assert response.status_code == 302 and response["Location"] == detail_url(league)
    assert "You joined “Friday Club”" in " ".join(texts(response))
    assert Membership.objects.filter(league=league, player=ivan, ended_at__isnull=True).exists()
    # accepting again is refused with the service's message
    again = client.post(reverse("leagues:invitation_accept", args=[invitation.pk]))
    assert again["Location"] == INDEX and "already answered" in " ".join(texts(again))


def test_an_invited_player_declines(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(olga)
    invitation = invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Ivan")
    client.force_login(ivan)
    response = client.post(reverse("leagues:invitation_decline", args=[invitation.pk]))
    assert response["Location"] == INDEX and "declined" in " ".join(texts(response))
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.DECLINED
    assert not Membership.objects.filter(league=league, player=ivan).exists()


def test_another_players_invitation_is_refused_not_a_server_error(client, make_player):
    olga, eve = make_player("Olga"), make_player("Eve")
    make_player("Ivan")
    league = league_of(olga)
    invitation = invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Ivan")
    client.force_login(eve)
    for name in ("leagues:invitation_accept", "leagues:invitation_decline"):
        response = client.post(reverse(name, args=[invitation.pk]), follow=True)
        assert response.status_code == 200
        assert "This invitation is for another player." in response.content.decode()
    missing = client.post(reverse("leagues:invitation_accept", args=[invitation.pk + 999]))
    assert missing.status_code == 302 and "no such invitation" in " ".join(texts(missing))
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.PENDING
    assert not Membership.objects.filter(league=league, player=eve).exists()


def test_the_organiser_invites_by_name_and_withdraws(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(olga)
    client.force_login(olga)
    response = client.post(reverse("leagues:invite", args=[league.pk]), {"name": "ivan"})
    assert response["Location"] == detail_url(league)
    assert "Ivan is invited" in " ".join(texts(response))
    invitation = LeagueInvitation.objects.get(league=league, player=ivan)
    nobody = client.post(reverse("leagues:invite", args=[league.pk]), {"name": "Nobody"})
    assert "No player is called" in " ".join(texts(nobody))
    url = reverse("leagues:invitation_withdraw", args=[league.pk, invitation.pk])
    client.force_login(ivan)  # not the organiser: refused
    assert "Only the league's organiser" in " ".join(texts(client.post(url)))
    client.force_login(olga)
    assert "withdrew" in " ".join(texts(client.post(url)))
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.WITHDRAWN


def test_a_member_cannot_invite(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    make_player("Ivan")
    league = league_of(olga)
    join(league, olga, mia)
    client.force_login(mia)
    response = client.post(reverse("leagues:invite", args=[league.pk]), {"name": "Ivan"})
    assert "Only the league's organiser" in " ".join(texts(response))
    assert not LeagueInvitation.objects.filter(league=league, invited_by=mia).exists()


# ---- joining by link ------------------------------------------------------------------------


def test_a_link_league_is_joined_from_its_link(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(olga, joining=League.Joining.LINK, description="Bring snacks.")
    url = reverse("leagues:join", args=[league.join_token])
    client.force_login(ivan)
    body = client.get(url).content.decode()
    assert "Friday Club" in body and "Bring snacks." in body and "Join the league" in body
    response = client.post(url)
    assert response["Location"] == detail_url(league)
    assert "You joined" in " ".join(texts(response))
    assert Membership.objects.filter(league=league, player=ivan, ended_at__isnull=True).exists()
    body = client.get(url).content.decode()
    assert "You are a member of this league already." in body and "Join the league" not in body


def test_an_invitation_only_leagues_link_says_an_invitation_is_needed(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(olga)
    url = reverse("leagues:join", args=[league.join_token])
    client.force_login(ivan)
    body = client.get(url).content.decode()
    assert 'id="invitation-needed"' in body and "Join the league" not in body
    response = client.post(url, follow=True)
    assert "open to invited players only" in response.content.decode()
    assert not Membership.objects.filter(league=league, player=ivan).exists()
    assert client.get(reverse("leagues:join", args=["no-such-token"])).status_code == 404


# ---- the organiser's tools and leaving ------------------------------------------------------


def test_the_organiser_removes_a_member(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    league = league_of(olga)
    join(league, olga, mia)
    url = reverse("leagues:member_remove", args=[league.pk, mia.pk])
    client.force_login(mia)  # a member cannot remove anyone
    assert "Only the league's organiser" in " ".join(texts(client.post(url)))
    client.force_login(olga)
    response = client.post(url)
    assert response["Location"] == detail_url(league)
    assert "removed" in " ".join(texts(response))
    membership = Membership.objects.get(league=league, player=mia)
    assert membership.ended == Membership.Ended.REMOVED and membership.ended_at is not None


def test_the_organiser_hands_over_the_role_then_may_leave(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    league = league_of(olga)
    join(league, olga, mia)
    client.force_login(olga)
    leave_url = reverse("leagues:leave", args=[league.pk])
    refused = client.post(leave_url)
    assert refused["Location"] == detail_url(league)
    assert "hand the role to another member" in " ".join(texts(refused))
    response = client.post(reverse("leagues:hand_over", args=[league.pk]), {"player": mia.pk})
    assert "handed the organiser role" in " ".join(texts(response))
    roles = dict(Membership.objects.filter(league=league).values_list("player_id", "role"))
    assert roles == {olga.pk: "member", mia.pk: "organiser"}
    left = client.post(leave_url)
    assert left["Location"] == INDEX and "You left" in " ".join(texts(left))
    assert Membership.objects.get(league=league, player=olga).ended == Membership.Ended.LEFT


def test_a_hand_over_without_a_member_chosen_changes_nothing(client, make_player):
    olga = make_player("Olga")
    league = league_of(olga)
    client.force_login(olga)
    response = client.post(reverse("leagues:hand_over", args=[league.pk]), {"player": ""})
    assert "Choose the member" in " ".join(texts(response))
    outsider = make_player("Out")
    response = client.post(reverse("leagues:hand_over", args=[league.pk]), {"player": outsider.pk})
    assert "not a member" in " ".join(texts(response))
    assert Membership.objects.get(league=league, player=olga).role == "organiser"


# ---- past seasons ---------------------------------------------------------------------------


def test_a_closed_seasons_final_table_has_its_own_page(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    league = league_of(olga, season_length=League.SeasonLength.WEEK)
    join(league, olga, mia)
    first = Season.objects.get(league=league, number=1)
    finished_league_game(
        league, [mia, olga, None, None], finished_at=first.starts_at + timedelta(hours=1)
    )
    season_close(season_id=first.pk, now=first.ends_at)
    client.force_login(olga)
    body = client.get(detail_url(league)).content.decode()
    assert "Season 2 standings" in body
    season_url = reverse("leagues:season", args=[league.pk, 1])
    assert season_url in body[body.index('id="past-seasons"') :]
    page = client.get(season_url).content.decode()
    assert "Final table" in page and "Mia" in page and "<td>15</td>" in page
    assert client.get(reverse("leagues:season", args=[league.pk, 9])).status_code == 404


# ---- escaping and queries -------------------------------------------------------------------


def test_a_league_name_with_markup_is_shown_as_text(client, make_player):
    olga, ivan = make_player("Olga"), make_player("Ivan")
    league = league_of(
        olga,
        name="<script>alert(1)</script>",
        joining=League.Joining.LINK,
        description="<b>bold</b> & co",
    )
    invitation_send(league_id=league.pk, organiser_id=olga.pk, name="Ivan")
    pages = [(olga, detail_url(league)), (olga, INDEX), (ivan, INDEX)]
    pages.append((ivan, reverse("leagues:join", args=[league.join_token])))
    for player, url in pages:
        client.force_login(player)
        body = client.get(url).content.decode()
        assert "<script>alert(1)</script>" not in body and "<b>bold</b>" not in body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_the_league_page_reads_the_same_number_of_queries_for_more_members_and_games(
    client, make_player
):
    olga = make_player("Olga")
    league = league_of(olga, joining=League.Joining.LINK)
    client.force_login(olga)

    def grow(count: int) -> None:
        players = [make_player() for _ in range(count)]
        for player in players:
            league_join_by_link(token=league.join_token, user_id=player.pk)
            invitation_send(
                league_id=league.pk, organiser_id=olga.pk, name=make_player().display_name
            )
        for number in range(count):
            finished_league_game(league, [olga, players[number], None, players[-1 - number]])
        table = Game.objects.create(
            kind=Game.Kind.LEAGUE, rules=league.rules, created_by=players[0]
        )
        Seat.objects.bulk_create(
            Seat(
                game=table,
                position=position,
                user=players[0] if position == 0 else None,
                time_limit_ms=1,
            )
            for position in range(4)
        )
        LeagueGame.objects.create(game=table, league=league)

    def queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(detail_url(league)).status_code == 200
        return [query["sql"] for query in captured.captured_queries]

    grow(2)
    few = queries()
    grow(6)
    many = queries()
    assert len(many) == len(few), "\n".join(many)


# ---- league tables --------------------------------------------------------------------------


def test_a_member_opens_a_league_table_and_another_sits_down(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    league = league_of(olga, rules=RuleOptions(no_trump=True, target_score=7))
    join(league, olga, mia)
    wallet_set(mia, silver=10)
    client.force_login(olga)
    response = client.post(reverse("leagues:table_open", args=[league.pk]))
    game = Game.objects.get(leaguegame__league=league)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert game.kind == Game.Kind.LEAGUE and game.status == Game.Status.OPEN
    assert RuleOptions.from_dict(game.rules) == RuleOptions(no_trump=True, target_score=7)
    assert silver(olga) == SILVER_CAP - 50  # no table price: the league was paid for
    body = client.get(detail_url(league)).content.decode()
    assert "Go to the table" in body  # the opener is seated already

    client.force_login(mia)
    body = client.get(detail_url(league)).content.decode()
    tables = body[body.index('id="league-tables"') :]
    assert "Olga's table" in tables and "free seat" in tables
    sit_url = reverse("leagues:table_sit", args=[league.pk, game.pk])
    assert sit_url in tables
    response = client.post(sit_url)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert Seat.objects.filter(game=game, user=mia).exists()


def test_only_members_open_or_sit_at_league_tables(client, make_player):
    olga, eve = make_player("Olga"), make_player("Eve")
    league = league_of(olga)
    wallet_set(eve, silver=10)
    client.force_login(olga)
    client.post(reverse("leagues:table_open", args=[league.pk]))
    game = Game.objects.get(leaguegame__league=league)
    client.force_login(eve)
    for url in (
        reverse("leagues:table_open", args=[league.pk]),
        reverse("leagues:table_sit", args=[league.pk, game.pk]),
    ):
        response = client.post(url)
        assert response["Location"] == INDEX
        assert "Only the league's members play at its tables." in texts(response)
    assert not Seat.objects.filter(user=eve).exists()
    assert Game.objects.filter(leaguegame__league=league).count() == 1


def test_a_refused_seat_is_told_on_the_league_page(client, make_player):
    olga, mia = make_player("Olga"), make_player("Mia")
    league = league_of(olga)
    join(league, olga, mia)
    client.force_login(olga)
    client.post(reverse("leagues:table_open", args=[league.pk]))
    game = Game.objects.get(leaguegame__league=league)
    wallet_set(mia, silver=0, gold=0)
    client.force_login(mia)  # Mia has no coin for the game
    response = client.post(reverse("leagues:table_sit", args=[league.pk, game.pk]))
    assert response["Location"] == detail_url(league)
    assert "you need 1 coin" in " ".join(texts(response))
    assert not Seat.objects.filter(game=game, user=mia).exists()
