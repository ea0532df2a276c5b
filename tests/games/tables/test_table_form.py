"""The private-table form: every named game (preset) and every rule option, each option with one
line in a player's words; a preset fills the options; the engine refuses impossible
combinations and the page shows its message; the table gets the seats its game has.

Seed 003: "Sets the variant. (Two-Handed Euchre, Three-Handed Euchre, Euchre, Call-Ace Euchre)"
and its list of options (Target Score, Benny, Upturned Benny, No Trump, Stick the Dealer, Robson
Rules, Farmer's Hand, Ace No Face, ...)."""

from __future__ import annotations

import itertools
import re
from dataclasses import fields

import pytest
from django.urls import reverse
from django.utils.html import escape

from accounts.models import User
from games.engine import PRESETS, InvalidRules, RuleOptions, preset_rules
from games.engine.rules import CHOICES
from games.models import Game, Seat
from games.rule_texts import (
    OPTION_GROUPS,
    OPTION_TEXTS,
    PRESET_LABELS,
    rules_label,
    rules_summary,
)
from tests.games.tables.form_values import form_values

pytestmark = pytest.mark.django_db

NEW_TABLE = reverse("games:table_new")
OPTION_NAMES = [option.name for option in fields(RuleOptions)]
_numbers = itertools.count(1)


@pytest.fixture
def player(client) -> User:
    number = next(_numbers)
    user = User.objects.create_user(
        f"form{number}@example.com", None, display_name=f"Former{number}"
    )
    client.force_login(user)
    return user


def page_text(html: str) -> str:
    """The page's words, without its tags and its script data."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_every_option_and_every_preset_has_words():
    """A rule option or preset added to the engine without words would be missing from the form."""
    assert set(OPTION_TEXTS) == set(OPTION_NAMES)
    grouped = [name for _title, names in OPTION_GROUPS for name in names]
    assert sorted(grouped) == sorted(OPTION_NAMES)
    assert set(PRESET_LABELS) == set(PRESETS)
    for name, allowed in CHOICES.items():
        assert {value for value, _words in OPTION_TEXTS[name].choices} == set(allowed), name


def test_the_form_offers_every_preset_by_name_and_every_option_with_its_line(client, player):
    html = client.get(NEW_TABLE).content.decode()
    for name, label in PRESET_LABELS.items():
        assert f'<option value="{name}"' in html and escape(label) in html
    for name, text in OPTION_TEXTS.items():
        assert f'name="{name}"' in html, name
        assert escape(text.label) in html and escape(text.help) in html, name
    assert 'name="computer_level"' in html


def test_the_page_names_no_documents(client, player):
    """The issue: the form showed "(seed 000)" and "(seeds 003, 004)"; players read it."""
    text = page_text(client.get(NEW_TABLE).content.decode())
    assert not re.search(r"\bseeds?\b", text, flags=re.I), text


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_renders_and_opens_a_table_with_its_rules_and_seats(client, player, preset):
    """The page for a preset, submitted as shown, opens a table with exactly the engine's preset
    options and as many seats as the game has (two, three or four)."""
    html = client.get(NEW_TABLE, {"preset": preset}).content.decode()
    expected = preset_rules(preset)
    assert f"data-seat-count>{expected.seats}</strong>" in html
    sent = form_values(html, form_class="rules-form")
    assert sent["preset"] == preset
    response = client.post(NEW_TABLE, sent)
    game = Game.objects.get(created_by=player)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert RuleOptions.from_dict(game.rules) == expected
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    assert [seat.position for seat in seats] == list(range(expected.seats))
    assert [seat.user_id for seat in seats] == [player.pk] + [None] * (expected.seats - 1)


def test_a_preset_then_changed_options_open_a_table_with_the_changes(client, player):
    sent = form_values(
        client.get(NEW_TABLE, {"preset": "three_handed"}).content.decode(), form_class="rules-form"
    )
    sent |= {"hand_size": "7", "stick_the_dealer": "on", "target_score": "5"}
    client.post(NEW_TABLE, sent)
    rules = RuleOptions.from_dict(Game.objects.get(created_by=player).rules)
    assert rules == RuleOptions(
        variant="three_handed", hand_size=7, stick_the_dealer=True, target_score=5
    )


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "two_handed", "robson": True},
        {"variant": "euchre", "hand_size": 7},
        {"benny": "joker", "no_trump": True},
        {"variant": "call_ace", "renege": "forfeit"},
        {"going_under": True, "farmers_hand": True},
        {"going_under": False, "going_under_form": "farmers_call"},
    ],
)
def test_an_impossible_combination_is_refused_with_the_engines_message(client, player, options):
    with pytest.raises(InvalidRules) as refused:
        RuleOptions(**options)
    sent = {
        name: ("on" if value is True else str(value))
        for name, value in options.items()
        if value is not False
    }
    response = client.post(NEW_TABLE, sent)
    assert response.status_code == 200
    html = response.content.decode()
    assert "These rules cannot be played together" in html
    assert escape(str(refused.value)) in html
    assert not Game.objects.filter(created_by=player).exists()


def test_a_choice_the_form_does_not_offer_is_refused(client, player):
    response = client.post(NEW_TABLE, {"deck": "30", "renege": "sometimes"})
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"deck", "renege"}
    assert not Game.objects.filter(created_by=player).exists()


def test_without_the_page_script_use_these_rules_fills_the_options(client, player):
    """The script fills the options when a preset is chosen; without it, the "Use these rules"
    button does, and opens nothing."""
    html = client.get(NEW_TABLE).content.decode()
    assert re.search(r'<noscript><button[^>]*name="fill"', html)
    response = client.post(
        NEW_TABLE, {"preset": "call_ace", "fill": "1", "computer_level": "easy", "robson": "on"}
    )
    assert response.status_code == 200
    assert not Game.objects.filter(created_by=player).exists()
    sent = form_values(response.content.decode(), form_class="rules-form")
    assert (sent["variant"], sent["computer_level"]) == ("call_ace", "easy")
    assert "robson" not in sent  # the preset's options replace the ones sent
    assert "data-seat-count>4</strong>" in response.content.decode()
    client.post(NEW_TABLE, sent)
    assert RuleOptions.from_dict(Game.objects.get(created_by=player).rules) == preset_rules(
        "call_ace"
    )


def test_a_form_with_only_some_options_gets_the_standard_game_for_the_others(client, player):
    client.post(NEW_TABLE, {"going_under": "on", "target_score": "7"})
    rules = RuleOptions.from_dict(Game.objects.get(created_by=player).rules)
    assert rules == RuleOptions(going_under=True, target_score=7)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_table_of_a_preset_is_called_by_its_name(preset):
    assert rules_label(preset_rules(preset)) == PRESET_LABELS[preset]


def test_a_table_with_changed_options_is_called_by_its_preset_and_the_changes():
    assert rules_label(RuleOptions(going_under=True)) == "Standard Euchre, Going under"
    assert rules_label(preset_rules("call_ace", target_score=5)) == "Call-ace, Play to: 5 points"
    assert rules_summary(preset_rules("three_handed_seven", stick_the_dealer=True)) == (
        "Three-handed",
        "to 10",
        "Cards in each hand: 7 cards",
        "Stick the dealer",
    )


def test_seed_004s_farmers_call_is_a_choice_of_the_form_and_of_the_kitchen_table(client, player):
    """Seed 004: call "Farmer's" and "replace those three cards": a form of going under, chosen
    in the form, filled in by the kitchen-table preset, and said in the table's rules."""
    html = client.get(NEW_TABLE, {"preset": "kitchen_table"}).content.decode()
    sent = form_values(html, form_class="rules-form")
    assert (sent["going_under"], sent["going_under_form"]) == ("on", "farmers_call")
    assert "Three nines and tens, shown (Farmer&#x27;s)" in html
    client.post(NEW_TABLE, {"going_under": "on", "going_under_form": "farmers_call"})
    rules = RuleOptions.from_dict(Game.objects.get(created_by=player).rules)
    assert rules == RuleOptions(going_under=True, going_under_form="farmers_call")
    assert rules_summary(rules)[2:] == (
        "Going under",
        "Cards that go under: Three nines and tens, shown (Farmer's)",
    )
