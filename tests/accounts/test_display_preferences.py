"""Seed 003's display preferences, kept per player: edited on the settings page and from the
table page's display menu, and handed to the table page (which applies them; the browser tests
see that). Seed 003: "Automatic Card Flipping: If enabled, cards automatically flip over at the
end of each trick. If disabled, they flip over by pressing the device screen." ... "Card
Selection: If "Once" is selected, a card is selected by pressing it once ... If "Twice" is
selected, you need to press the white frame after selecting a card." """

from __future__ import annotations

import itertools
import json
import re

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.preferences import PreferenceRefused
from accounts.services.preferences import display_preferences_update
from games.models import Game

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)

# what a new player gets, written out here rather than read from the code under test
DEFAULTS = {
    "auto_flip": True,
    "trick_arrow": True,
    "card_selection": "once",
    "sort_hand": "trump_first",
    "rearrange_hand": False,
    "hints": True,
    "show_scoreboard": True,
    "trick_counter": True,
    "four_colour": False,
    "large_cards": False,
}


@pytest.fixture
def player() -> User:
    number = next(_numbers)
    return User.objects.create_user(f"dp{number}@example.com", None, display_name=f"Dee{number}")


def display_post(client, **fields):
    """The settings page's display form as a browser sends it: unticked boxes are absent."""
    data = {"form": "display", "card_selection": "once", "sort_hand": "trump_first"}
    data.update({name: value for name, value in fields.items() if value is not False})
    return client.post(reverse("accounts:settings"), data)


def save_from_table(client, changes) -> tuple[int, dict]:
    body = changes if isinstance(changes, str) else json.dumps(changes)
    response = client.post(
        reverse("accounts:display_preferences"), body, content_type="application/json"
    )
    return response.status_code, response.json()


def test_a_new_player_gets_seed_003s_usual_table(player):
    assert player.display_preferences == {}
    assert player.table_display == DEFAULTS


def test_the_settings_page_shows_every_preference_with_my_choices(client, player):
    player.display_preferences = {"card_selection": "twice", "trick_counter": False}
    player.save()
    client.force_login(player)
    body = client.get(reverse("accounts:settings")).content.decode()
    for label in (
        "Automatic card flipping",
        "Trick arrow",
        "Card selection",
        "Sorting your hand",
        "Rearranging your hand",
        "Hints",
        "Show the scoreboard",
        "Trick counter",
    ):
        assert label in body
    assert re.search(r'name="card_selection" value="twice"[^>]* checked', body)
    assert re.search(r'name="auto_flip"[^>]* checked', body)
    assert not re.search(r'name="trick_counter"[^>]* checked', body)
    # the page tells a table open in another tab what is saved
    assert '"card_selection": "twice"' in body and 'BroadcastChannel("euchre-display")' in body


def test_saving_the_display_form_keeps_only_the_changes_and_leaves_the_name_alone(client, player):
    client.force_login(player)
    response = display_post(
        client,
        auto_flip=False,
        trick_arrow="on",
        card_selection="twice",
        sort_hand="suits",
        rearrange_hand="on",
        hints="on",
        show_scoreboard="on",
        trick_counter=False,
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:settings") + "#display"
    player.refresh_from_db()
    assert player.display_preferences == {
        "auto_flip": False,
        "card_selection": "twice",
        "sort_hand": "suits",
        "rearrange_hand": True,
        "trick_counter": False,
    }
    assert player.display_name.startswith("Dee") and player.going_under == "either"
    page = client.get(response["Location"]).content.decode()
    assert "Your display preferences are saved." in page


def test_a_choice_the_form_does_not_offer_is_refused_and_nothing_is_saved(client, player):
    client.force_login(player)
    response = display_post(client, card_selection="thrice", auto_flip=False)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    player.refresh_from_db()
    assert player.display_preferences == {}


def test_the_name_form_still_saves_without_touching_the_display(client, player):
    player.display_preferences = {"show_scoreboard": False}
    player.save()
    client.force_login(player)
    response = client.post(
        reverse("accounts:settings"), {"display_name": "Dora", "going_under": "with"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.display_name, player.going_under) == ("Dora", "with")
    assert player.display_preferences == {"show_scoreboard": False}


def test_the_table_menu_saves_one_change_and_answers_with_every_preference(client, player):
    client.force_login(player)
    status, answer = save_from_table(client, {"trick_arrow": False})
    assert status == 200
    assert answer["preferences"] == {**DEFAULTS, "trick_arrow": False}
    status, answer = save_from_table(client, {"trick_arrow": True, "sort_hand": "rank"})
    assert answer["preferences"] == {**DEFAULTS, "sort_hand": "rank"}
    player.refresh_from_db()
    assert player.display_preferences == {"sort_hand": "rank"}  # back to the default: dropped


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"auto_flip": "yes"}, "auto_flip"),
        ({"card_selection": "thrice"}, "card_selection"),
        ({"sort_hand": 1}, "sort_hand"),
        ({"colour": "blue"}, "colour"),
        ([1, 2], None),
        ("not json", None),
    ],
)
def test_the_table_menu_refuses_what_is_not_a_preference(client, player, changes, field):
    client.force_login(player)
    status, answer = save_from_table(client, changes)
    assert status == 400
    assert answer["field"] == field and answer["message"]
    player.refresh_from_db()
    assert player.display_preferences == {}


def test_a_refused_change_among_good_ones_saves_none_of_them(player):
    with pytest.raises(PreferenceRefused) as refused:
        display_preferences_update(
            user_id=player.pk, changes={"trick_counter": False, "card_selection": "never"}
        )
    assert refused.value.field == "card_selection"
    player.refresh_from_db()
    assert player.display_preferences == {}


def test_the_table_menu_needs_a_logged_in_player_and_a_post(client, player):
    url = reverse("accounts:display_preferences")
    response = client.post(url, "{}", content_type="application/json")
    assert response.status_code == 302 and reverse("account_login") in response["Location"]
    client.force_login(player)
    assert client.get(url).status_code == 405


def test_a_stored_value_that_is_no_longer_a_choice_reads_as_the_default(player):
    player.display_preferences = {"card_selection": "thrice", "auto_flip": "no", "old": 1}
    assert player.table_display == DEFAULTS


def test_the_table_page_carries_my_preferences(client, player):
    player.display_preferences = {"show_scoreboard": False, "card_selection": "twice"}
    player.save()
    client.force_login(player)
    client.post(reverse("games:quick_play_now"))
    game = Game.objects.get()
    body = client.get(reverse("games:table", args=[game.pk])).content.decode()
    script = re.search(r'<script id="display-preferences"[^>]*>(.*?)</script>', body, re.S)
    assert script is not None
    assert json.loads(script.group(1)) == {
        **DEFAULTS,
        "show_scoreboard": False,
        "card_selection": "twice",
    }
