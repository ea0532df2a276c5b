"""The achievements page: seed 000's eighteen in its order with our reading of each, the silver,
"once only", which ones I have and how often, and my latest awards."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from rankings.achievements.catalogue import ACHIEVEMENTS, BY_SLUG
from rankings.models import AchievementAward
from rankings.services.achievements import achievement_award
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db

URL = "/achievements/"
TIMES = "\N{MULTIPLICATION SIGN}"  # as in "Early Bird, times 2"
SEED_ORDER = [
    "A Lone Wolf",
    "Riding with the Spurs on",
    "Magician",
    "Farmer's Hand",
    "The Undertaker",
    "Lucky 13",
    "Unbeatable",
    "High Five",
    "Early Bird",
    "Fanatic",
    "Monthiversary",
    "Merry Xmas",
    "Private Party",
    "Top player",
    "Month winner",
    "Collector",
    "CL Winner",
    "CL Top Player",
]


@pytest.fixture(autouse=True)
def no_welcome_silver(settings):
    settings.ECONOMY_WELCOME_SILVER = 0


def page_of(client, player) -> str:
    client.force_login(player)
    response = client.get(URL)
    assert response.status_code == 200
    return response.content.decode()


def item_of(body: str, slug: str) -> str:
    """The page's list item of one achievement."""
    start = body.index(f'id="achievement-{slug}"')
    return body[body.rindex("<li", 0, start) : body.index("</li>", start)]


def award(player, slug: str, occurrence: str, **fields):
    made = achievement_award(
        user_id=player.pk, achievement=BY_SLUG[slug], occurrence=occurrence, **fields
    )
    assert made is not None
    return made


def test_the_url_name_and_visitors_must_log_in(client):
    assert reverse("rankings:achievements") == URL
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_the_page_answers_get_only(client, make_player):
    client.force_login(make_player())
    assert client.post(URL).status_code == 405


def test_all_eighteen_in_the_seeds_order_with_our_rule_and_silver(client, make_player):
    body = page_of(client, make_player())
    end = body.index('class="panel latest-awards"')
    listed = body[body.index('class="achievement-list"') : end]
    assert listed.count('<li class="achievement') == 18
    places = [listed.index(f"<h2>{escape(name)}</h2>") for name in SEED_ORDER]
    assert places == sorted(places)
    for achievement in ACHIEVEMENTS:
        item = item_of(body, achievement.slug)
        assert f'<p class="rule">{escape(achievement.rule)}</p>' in item
        assert f">{achievement.silver} silver<" in item
        assert item.startswith('<li class="achievement" ') and "Not earned yet" in item
    # our readings of the ambiguous ones are there for players to read
    assert "never a plain three or four tricks" in item_of(body, "spurs")
    assert "in each of your last five lost games" in item_of(body, "high_five")
    assert "Your first game of the day" in item_of(body, "early_bird")
    assert ">50 silver<" in item_of(body, "early_bird")
    assert ">600 silver<" in item_of(body, "cl_winner")


def test_the_intro_names_silver_its_cap_and_when_month_and_league_ones_come(client, make_player):
    body = page_of(client, make_player())
    intro = body[body.index("achievements-intro") : body.index('class="achievement-list"')]
    assert "silver" in intro and "Silver stops at 200 (the cap)" in intro
    assert "Top player and Month winner are awarded when the month closes" in intro
    assert "Champions League, which comes with leagues" in intro
    assert "Awarded when the month closes." in item_of(body, "month_winner")
    assert "Champions League" in item_of(body, "cl_top_player")
    assert "Awarded when" not in item_of(body, "lucky_13")


def test_counts_and_the_last_time_after_awards(client, make_player):
    me = make_player()
    first = award(me, "early_bird", "day:2026-03-02")
    second = award(me, "early_bird", "day:2026-03-03")
    AchievementAward.objects.filter(pk=first.pk).update(
        awarded_at=datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("UTC"))
    )
    AchievementAward.objects.filter(pk=second.pk).update(
        awarded_at=datetime(2026, 3, 3, 9, tzinfo=ZoneInfo("UTC"))
    )
    award(me, "lucky_13", "game:1")
    body = page_of(client, me)
    early_bird = item_of(body, "early_bird")
    assert '<li class="achievement earned"' in early_bird
    assert f"{TIMES}2" in early_bird and "Earned 2 times, last" in early_bird
    assert "3 Mar 2026" in early_bird and "2 Mar 2026" not in early_bird
    lucky = item_of(body, "lucky_13")
    assert f"{TIMES}1" in lucky and "Not earned yet" not in lucky
    magician = item_of(body, "magician")
    assert '<li class="achievement"' in magician and TIMES not in magician
    assert "You have earned 2 of the 18." in body


def test_another_players_awards_are_not_mine(client, make_player):
    me, ann = make_player(), make_player()
    award(ann, "early_bird", "day:2026-03-02")
    body = page_of(client, me)
    assert "Not earned yet" in item_of(body, "early_bird")
    assert "You have earned 0 of the 18." in body


def test_only_collector_and_private_party_say_once_only(client, make_player):
    me = make_player()
    award(me, "private_party", "one private game")
    assert (
        achievement_award(
            user_id=me.pk, achievement=BY_SLUG["private_party"], occurrence="another one"
        )
        is None
    )
    body = page_of(client, me)
    once = {a.slug for a in ACHIEVEMENTS if "once only" in item_of(body, a.slug)}
    assert once == {"private_party", "collector"}
    assert f"{TIMES}1" in item_of(body, "private_party")


def test_latest_awards_link_to_the_game_where_there_is_one(client, make_player):
    me = make_player()
    game = game_result_store([me, None, None, None], score=(13, 0), winner_team=0)
    award(me, "lucky_13", f"game:{game.pk}", game_id=game.pk)
    award(me, "top_player", "month:2026-03")
    body = page_of(client, me)
    latest = body[body.index('class="panel latest-awards"') :]
    assert latest.index("Top player") < latest.index("Lucky 13")  # newest first
    assert f'href="{reverse("games:record", args=[game.pk])}"' in latest
    assert latest.count('class="award-game"') == 1  # the month's award has no game
    assert "+10 silver" in latest and "+70 silver" in latest


def test_latest_awards_say_when_the_cap_kept_the_silver(client, make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 190
    me = make_player()
    award(me, "early_bird", "day:2026-03-02")  # 10 of 50 fit
    award(me, "lucky_13", "game:1")  # nothing fits
    latest = page_of(client, me).split('class="panel latest-awards"')[1]
    assert "+10 silver (the cap of 200 kept the rest)" in latest
    assert "no silver: yours was full at 200" in latest


def test_no_awards_yet(client, make_player):
    body = page_of(client, make_player())
    assert "No achievements yet" in body.split('class="panel latest-awards"')[1]


def test_names_rules_and_my_name_are_escaped_once(client, make_player):
    me = make_player("<b>Bold</b>")
    award(me, "farmers_hand", "game:1:hand:3")
    body = page_of(client, me)
    assert "<b>Bold</b>" not in body and "&lt;b&gt;Bold&lt;/b&gt;" in body
    assert "<h2>Farmer&#x27;s Hand</h2>" in body
    assert "&amp;#x27;" not in body and "&amp;amp;" not in body
    latest = body.split('class="panel latest-awards"')[1]
    assert '<span class="award-name">Farmer&#x27;s Hand</span>' in latest


def test_the_header_links_to_the_page_next_to_rankings(client, make_player):
    body = page_of(client, make_player())
    nav = body[body.index('class="site-nav"') : body.index("</nav>")]
    rankings = nav.index(f'href="{reverse("rankings:ranking")}"')
    assert nav.index(f'href="{URL}"') > rankings


def test_the_page_reads_a_fixed_number_of_queries_however_many_awards(client, make_player):
    me = make_player()
    client.force_login(me)
    client.get(URL)  # the day's first page also counts the daily visit (economy)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(URL).status_code == 200
        return len(captured)

    award(me, "early_bird", "day:2026-03-01")
    one_award = queries()
    games = [game_result_store([me, None, None, None], score=(10, 2), winner_team=0) for _ in "ab"]
    for number in range(2, 12):
        award(me, "early_bird", f"day:2026-03-{number:02d}", game_id=games[number % 2].pk)
    for slug in ("lucky_13", "magician", "spurs", "fanatic", "private_party"):
        award(me, slug, "game:7", game_id=games[0].pk)
    assert AchievementAward.objects.filter(player=me).count() == 16
    assert queries() == one_award
