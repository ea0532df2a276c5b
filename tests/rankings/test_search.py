"""Finding players by name on the rankings page (?q=): their rows with their places in the whole
table, paged like the table, escaped, and a clear message when nobody matches."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from rankings.models import LongTermAward
from rankings.search import month_table_search, overall_ranking_search, search_text
from rankings.services.game_points import month_of
from rankings.tables import AVERAGE, TOTAL
from tests.games.finished_games import game_result_store
from tests.rankings.rows import points_row

pytestmark = pytest.mark.django_db


@pytest.fixture
def this_months_table(make_player, a_game):
    """Eight players this month, 80 points down to 10: Top, Annie, Bob, Joanna, Carl, Dan,
    JOHN, Eve. Returns them best first."""
    month = month_of(timezone.now())
    names = ["Top", "Annie", "Bob", "Joanna", "Carl", "Dan", "JOHN", "Eve"]
    players = [make_player(name) for name in names]
    for n, player in enumerate(players):
        points_row(player, a_game(0), 80 - 10 * n, month)
    return players


def page_of(client, **query) -> str:
    return client.get(reverse("rankings:ranking"), query).content.decode()


def table_rows(body: str) -> list[tuple[str, str]]:
    """(position, name) of each row of the monthly table."""
    return re.findall(r"<tr[^>]*>\s*<td>(\d+)</td>\s*<td><a [^>]*>([^<]*)</a>", body)


def test_the_search_keeps_the_places_of_the_whole_table_and_ignores_case(this_months_table):
    month = month_of(timezone.now())
    found = month_table_search(table=TOTAL, month=month, search="jO")
    assert [(row["position"], row["name"]) for row in found.rows] == [(4, "Joanna"), (7, "JOHN")]
    assert (found.page, found.pages, found.players) == (1, 1, 2)
    assert found.rows[0]["total"] == 50


def test_the_search_pages_like_the_table(this_months_table):
    month = month_of(timezone.now())
    second = month_table_search(table=TOTAL, month=month, search="n", page=2, per_page=2)
    # Annie 2, Joanna 4, John 7, Dan 6: in table order, two a page
    assert [row["position"] for row in second.rows] == [6, 7]
    assert (second.page, second.pages, second.players) == (2, 2, 4)
    beyond = month_table_search(table=TOTAL, month=month, search="n", page=9, per_page=2)
    assert beyond.page == 2


def test_like_wildcards_in_the_search_are_plain_characters(this_months_table):
    month = month_of(timezone.now())
    assert month_table_search(table=TOTAL, month=month, search="%").players == 0
    assert month_table_search(table=TOTAL, month=month, search="_").players == 0


def test_the_average_table_is_searched_after_its_minimum_games(
    make_player, a_game, settings, this_months_table
):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 2
    month = month_of(timezone.now())
    steady = make_player("Johnny")
    for n in range(2):
        points_row(steady, a_game(n), 5, month)
    found = month_table_search(table=AVERAGE, month=month, search="john")
    assert [(row["position"], row["name"]) for row in found.rows] == [(1, "Johnny")]


def test_the_page_shows_the_found_rows_in_their_places_with_my_row_marked(
    client, this_months_table
):
    me = this_months_table[3]  # Joanna
    client.force_login(me)
    body = page_of(client, q="JO")
    assert table_rows(body) == [("4", "Joanna"), ("7", "JOHN")]
    my_row = re.search(r'<tr class="me">\s*<td>(\d+)</td>', body)
    assert my_row and my_row.group(1) == "4"
    assert "2 players whose name contains “JO”" in body
    assert 'name="q" value="JO"' in body
    assert 'id="my-position">You are 4' in body


def test_the_pager_and_the_tabs_keep_the_table_and_the_search(
    client, make_player, this_months_table, settings
):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 1
    client.force_login(this_months_table[0])
    month = month_of(timezone.now())
    game = game_result_store([None] * 4, score=(10, 0), winner_team=0)
    for n in range(55):  # average 1 each: places 9 to 63, behind the eight of the fixture
        points_row(make_player(f"Nina{n:02d}"), game, 1, month)
    first = page_of(client, table="average", q="nina")
    assert len(table_rows(first)) == 50
    assert "Page 1 of 2" in first
    assert 'href="?table=average&amp;q=nina&amp;page=2">Next</a>' in first
    assert 'href="?table=total&amp;q=nina"' in first  # the other tab searches too
    second = page_of(client, table="average", q="nina", page="2")
    assert table_rows(second) == [(str(9 + n), f"Nina{n}") for n in range(50, 55)]
    assert 'href="?table=average&amp;q=nina&amp;page=1">Previous</a>' in second


def test_markup_in_the_search_is_escaped_and_nobody_found_says_so(client, this_months_table):
    client.force_login(this_months_table[0])
    body = page_of(client, q="<b>Bob</b>")
    assert "<b>Bob</b>" not in body
    assert "No player named “&lt;b&gt;Bob&lt;/b&gt;” in this table." in body
    assert 'value="&lt;b&gt;Bob&lt;/b&gt;"' in body
    assert table_rows(body) == []


def test_a_long_search_is_cut_to_fifty_characters(client, this_months_table):
    assert search_text("  " + "x" * 60) == "x" * 50
    assert search_text(None) == ""
    client.force_login(this_months_table[0])
    body = page_of(client, q="y" * 60)
    assert f"No player named “{'y' * 50}” in this table." in body
    assert "y" * 51 not in body


def test_without_a_search_the_page_lists_everyone(client, this_months_table):
    client.force_login(this_months_table[0])
    body = page_of(client, q="   ")
    assert len(table_rows(body)) == 8
    assert "No player named" not in body and "Show everyone" not in body


def test_the_overall_ranking_is_searched_with_its_places(client, make_player):
    last = month_of(timezone.now())
    year, month = (last.year - 1, 12) if last.month == 1 else (last.year, last.month - 1)
    ann, joe, jon = make_player("Ann"), make_player("Joe"), make_player("Jonas")
    for player, points in ((ann, 1000), (joe, 900), (jon, 800)):
        LongTermAward.objects.create(
            player=player, year=year, month=month, table=TOTAL, position=1, points=points
        )
    assert [(row["position"], row["name"]) for row in overall_ranking_search(search="JO")] == [
        (2, "Joe"),
        (3, "Jonas"),
    ]
    client.force_login(ann)
    body = page_of(client, q="jonas")
    jonas_url = reverse("rankings:profile", args=[jon.pk])
    assert f'<li value="3"><a href="{jonas_url}">Jonas</a> 800</li>' in body
    assert ">Ann</a>" not in body.split("Overall")[1]
    nobody = page_of(client, q="zed")
    assert "No player named “zed” in the overall ranking." in nobody
