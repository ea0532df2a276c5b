"""The Champions League page: entering (paid once, however often the button is pressed), its
tables, its standings with my row, last month's final table, and past months."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from economy.models import LedgerEntry
from economy.services.prices import champions_league_price
from games.models import Game
from leagues.models import LeagueGame, Membership
from leagues.services.champions import (
    champions_league_current,
    champions_league_enter,
    champions_league_for,
    champions_table_open,
)
from leagues.services.seasons import seasons_close_due
from tests.economy.coins import wallet_set
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db

INDEX = reverse("champions:index")
ENTER = reverse("champions:enter")


def page_of(client, player) -> str:
    client.force_login(player)
    response = client.get(INDEX)
    assert response.status_code == 200
    return response.content.decode()


def section(body: str, element_id: str) -> str:
    """The page from the element with this id to the end of its panel (the next panel)."""
    start = body.index(f'id="{element_id}"')
    end = body.find('class="panel', start)
    return body[start : end if end != -1 else len(body)]


def cl_game(players, *, score=(10, 4), finished_at=None) -> Game:
    """A finished game at this month's Champions League table, team 0 (seats 0 and 2) won."""
    game = game_result_store(players, score=score, winner_team=0, finished_at=finished_at)
    LeagueGame.objects.create(game=game, league=champions_league_current())
    return game


def entered(make_player, *names: str):
    players = [make_player(name) for name in names]
    for player in players:
        champions_league_enter(user_id=player.pk)
    return players


def test_the_page_needs_a_login(client):
    response = client.get(INDEX)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_a_player_who_has_not_entered_sees_the_rules_the_price_and_the_enter_button(
    client, make_player
):
    body = page_of(client, make_player("Ann"))

    league = champions_league_current()
    assert f"<h1>{league.name}</h1>" in body
    assert f'action="{ENTER}"' in body
    assert f"Enter for {champions_league_price()} coins" in body
    assert "You are in" not in body
    assert 'id="cl-entrants">0</strong> entrants' in body
    rules = section(body, "cl-rules")
    assert "A table starts only with four entrants" in rules
    assert "CL Winner</strong> (600 silver)" in rules
    assert "CL Top Player</strong> (400 silver)" in rules
    assert "Silver stops at 200" in rules
    assert reverse("champions:table_open") not in body  # entrants only


def test_an_entrant_sees_they_are_in_with_the_tables_and_their_row(client, make_player):
    ann, bob, cat, dan = entered(make_player, "Ann", "Bob", "Cat", "Dan")
    cl_game([ann, bob, cat, dan], score=(10, 6))
    waiting = champions_table_open(user_id=bob.pk)

    body = page_of(client, ann)

    assert "You are in" in body
    assert f"Enter for {champions_league_price()} coins" not in body
    assert 'id="cl-entrants">4</strong> entrants' in body
    standings = section(body, "standings")
    assert standings.count('class="me top-ten"') == 1
    mine = standings[standings.index('class="me top-ten"') :]
    assert mine.index("Ann") < mine.index("</tr>")
    assert "<td>15</td>" in mine[: mine.index("</tr>")]  # 10 team points, +5 for the win
    tables = section(body, "cl-tables")
    assert "Bob's table" in tables
    assert reverse("champions:table_sit", args=[waiting.pk]) in tables
    assert reverse("champions:table_open") in tables


def test_the_opener_of_a_table_goes_to_it_instead_of_sitting_down(client, make_player):
    [ann] = entered(make_player, "Ann")
    game = champions_table_open(user_id=ann.pk)

    tables = section(page_of(client, ann), "cl-tables")

    assert reverse("games:table", args=[game.pk]) in tables
    assert reverse("champions:table_sit", args=[game.pk]) not in tables


def test_entering_by_post_twice_charges_once_and_says_so(client, make_player):
    ann = make_player("Ann")
    client.force_login(ann)

    first = client.post(ENTER, follow=True)
    second = client.post(ENTER, follow=True)

    assert first.redirect_chain == [(INDEX, 302)]
    assert "You are in the Champions League" in first.content.decode()
    assert "You are already in the Champions League" in second.content.decode()
    assert "You are in" in second.content.decode()
    charges = LedgerEntry.objects.filter(
        wallet_id=ann.pk, reason=LedgerEntry.Reason.CHAMPIONS_LEAGUE
    )
    assert [entry.amount for entry in charges] == [-champions_league_price()]


def test_entering_is_a_post(client, make_player):
    client.force_login(make_player("Ann"))

    assert client.get(ENTER).status_code == 405
    assert not Membership.objects.exists()


def test_a_player_who_cannot_pay_is_told_why_and_still_sees_the_button(client, make_player):
    ann = make_player("Ann")
    client.force_login(ann)
    client.get(INDEX)  # today's visit silver is paid at the first request
    wallet_set(ann, silver=3, gold=0)

    body = client.post(ENTER, follow=True).content.decode()

    assert 'class="message error"' in body
    assert f"This costs {champions_league_price()} coins and you have 3" in body
    assert f"Enter for {champions_league_price()} coins" in body
    assert not Membership.objects.filter(player=ann).exists()


def test_sitting_down_takes_a_seat_and_goes_to_the_table(client, make_player):
    ann, bob = entered(make_player, "Ann", "Bob")
    game = champions_table_open(user_id=ann.pk)
    client.force_login(bob)

    response = client.post(reverse("champions:table_sit", args=[game.pk]))

    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert game.seats.filter(user=bob).exists()


def test_a_player_who_has_not_entered_is_refused_a_seat_with_a_message(client, make_player):
    [ann] = entered(make_player, "Ann")
    game = champions_table_open(user_id=ann.pk)
    stranger = make_player("Stranger")
    client.force_login(stranger)

    response = client.post(reverse("champions:table_sit", args=[game.pk]), follow=True)

    assert "Only the Champions League&#x27;s entrants play at its tables" in (
        response.content.decode()
    )
    assert not game.seats.filter(user=stranger).exists()


def test_opening_a_table_goes_to_it_and_it_waits_for_four_entrants(client, make_player):
    [ann] = entered(make_player, "Ann")
    client.force_login(ann)

    response = client.post(reverse("champions:table_open"))

    game = Game.objects.get(created_by=ann)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert game.full_table_only and game.leaguegame.league == champions_league_current()


def test_names_are_escaped(client, make_player):
    eve, bob, cat, dan = entered(make_player, "<i>Eve</i>", "Bob", "Cat", "Dan")
    cl_game([eve, bob, cat, dan])
    champions_table_open(user_id=eve.pk)

    body = page_of(client, bob)

    assert "<i>Eve</i>" not in body
    assert body.count(escape("<i>Eve</i>")) >= 2  # the standings and the open table


def test_last_month_s_final_table_marks_its_winner(client, make_player):
    last_month = timezone.now().replace(day=1) - timedelta(days=15)
    ann, bob, cat, dan = (make_player(name) for name in ("Ann", "Bob", "Cat", "Dan"))
    for player in (ann, bob, cat, dan):
        champions_league_enter(user_id=player.pk, now=last_month)
    league = champions_league_for(month=last_month.date())
    game = game_result_store(
        [ann, bob, cat, dan], score=(10, 2), winner_team=0, finished_at=last_month
    )
    LeagueGame.objects.create(game=game, league=league)
    seasons_close_due()

    body = page_of(client, bob)

    final = section(body, "cl-last-month")
    assert f"{league.name}: final table" in final
    body_rows = final[final.index("<tbody>") :]
    winner_row = body_rows[: body_rows.index("</tr>")]
    assert "Ann" in winner_row and "CL Winner" in winner_row
    assert final.count("CL Winner") == 1
    past = reverse("champions:month", args=[league.month.year, league.month.month])
    assert past in section(body, "cl-past-months")
    assert "CL Winner" in client.get(past).content.decode()


def test_a_month_without_a_league_is_not_found(client, make_player):
    client.force_login(make_player("Ann"))

    assert client.get(reverse("champions:month", args=[2001, 1])).status_code == 404
    assert client.get(reverse("champions:month", args=[2001, 13])).status_code == 404


def test_the_page_reads_the_same_number_of_queries_for_few_and_many_entrants(client, make_player):
    viewer = make_player("Viewer")

    client.force_login(viewer)
    client.get(INDEX)  # the first request of the day also pays the visit's silver

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(INDEX).status_code == 200
        return len(captured)

    first = entered(make_player, *(f"A{number}" for number in range(4)))
    cl_game(first)
    champions_table_open(user_id=first[0].pk)
    few = queries()

    more = entered(make_player, *(f"B{number}" for number in range(24)))
    for number in range(0, 24, 4):
        cl_game(more[number : number + 4])
    for number in range(0, 24, 8):
        champions_table_open(user_id=more[number].pk)
    many = queries()

    assert many == few


def test_this_month_s_page_by_its_month_is_the_champions_league_page(client, make_player):
    client.force_login(make_player("Ann"))
    month = champions_league_current().month

    response = client.get(reverse("champions:month", args=[month.year, month.month]))

    assert response["Location"] == INDEX
