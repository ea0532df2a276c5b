"""League tables get the private table's choices: the organiser picks any named game or option
when creating the league (the same form box), the engine refuses impossible combinations, and
the league's tables have the seats of its game.

Seed 003: "Sets the variant. (Two-Handed Euchre, Three-Handed Euchre, Euchre, Call-Ace Euchre)"."""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape

from economy.models import SILVER_CAP
from games.engine import InvalidRules, RuleOptions, preset_rules
from games.models import Game, Seat
from games.rule_texts import OPTION_TEXTS, PRESET_LABELS
from leagues.models import League
from tests.economy.coins import wallet_set
from tests.games.tables.form_values import form_values

pytestmark = pytest.mark.django_db

CREATE = "/leagues/new/"


@pytest.fixture(autouse=True)
def no_daily_silver(settings):
    """Balances move only by what the tests do (no silver for the day's first visit)."""
    settings.MIDDLEWARE = [
        name for name in settings.MIDDLEWARE if not name.endswith("DailyVisitMiddleware")
    ]


@pytest.fixture
def organiser(client, make_player):
    olga = make_player("Olga")
    wallet_set(olga, silver=SILVER_CAP)
    client.force_login(olga)
    return olga


def create_form(client, **changes: str) -> dict[str, str]:
    """The creation page's form as a browser would send it, with a name typed in."""
    sent = form_values(client.get(CREATE).content.decode(), form_class="rules-form league-form")
    return sent | {"name": "Three's Company", "joining": "link"} | changes


def test_the_create_page_offers_every_named_game_and_option_without_document_names(
    client, organiser
):
    html = client.get(CREATE).content.decode()
    for name, label in PRESET_LABELS.items():
        assert f'<option value="{name}"' in html and escape(label) in html
    for name, text in OPTION_TEXTS.items():
        assert f'name="{name}"' in html and escape(text.help) in html, name
    words = " ".join(
        re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", html, flags=re.S)).split()
    )
    assert not re.search(r"\bseeds?\b", words, flags=re.I)


def test_a_three_handed_league_opens_three_seat_tables(client, organiser, make_player):
    sent = create_form(client) | {"variant": "three_handed", "stick_the_dealer": "on"}
    response = client.post(CREATE, sent)
    league = League.objects.get(name="Three's Company")
    assert response.status_code == 302
    expected = preset_rules("three_handed", stick_the_dealer=True)
    assert RuleOptions.from_dict(league.rules) == expected
    page = " ".join(client.get(response["Location"]).content.decode().split())
    assert "Three-handed, to 10, Stick the dealer" in page
    client.post(f"/leagues/{league.pk}/tables/open/")
    game = Game.objects.get(kind=Game.Kind.LEAGUE)
    assert RuleOptions.from_dict(game.rules) == expected
    assert list(Seat.objects.filter(game=game).values_list("user_id", flat=True)) == [
        organiser.pk,
        None,
        None,
    ]


@pytest.mark.parametrize("preset", ["two_handed", "call_ace", "kitchen_table"])
def test_a_league_of_a_named_game_gets_exactly_its_options(client, organiser, preset):
    html = client.post(CREATE, {"preset": preset, "fill": "1", "name": "Named"}).content.decode()
    assert not League.objects.exists()  # filling the options creates nothing
    sent = form_values(html, form_class="rules-form league-form")
    assert sent["name"] == "Named"
    client.post(CREATE, sent)
    assert RuleOptions.from_dict(League.objects.get(name="Named").rules) == preset_rules(preset)


def test_an_impossible_combination_creates_no_league_and_shows_the_engines_message(
    client, organiser
):
    with pytest.raises(InvalidRules) as refused:
        RuleOptions(variant="three_handed", partner_takes_upcard=True)
    sent = create_form(client, variant="three_handed", partner_takes_upcard="on")
    response = client.post(CREATE, sent)
    assert response.status_code == 200
    assert escape(str(refused.value)) in response.content.decode()
    assert not League.objects.exists()
