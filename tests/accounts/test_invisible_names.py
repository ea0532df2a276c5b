"""Display names that look like another's through characters that show nothing (Hangul fillers,
zero widths, bidi controls, variation selectors ...): refused wherever a name is set, dropped
from the skeleton (UTS #39), and listed for staff by `manage.py display_names_alike` where old
rows hold them. Invisible characters are written as escapes, so that this file can be read."""

from __future__ import annotations

import itertools
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts import demo
from accounts.models import User
from accounts.names import (
    display_name_skeletons,
    display_names_look_alike,
    escaped_visibly,
    invisible_characters,
    skeleton,
)
from accounts.services.settings import (
    SettingsRefused,
    account_settings_update,
    display_name_clean,
)
from tests.accounts.conftest import PASSWORD

pytestmark = pytest.mark.django_db

HANGUL_FILLER = "\u3164"
HALFWIDTH_HANGUL_FILLER = "\uffa0"
HANGUL_CHOSEONG_FILLER = "\u115f"
HANGUL_JUNGSEONG_FILLER = "\u1160"
ZERO_WIDTH_SPACE = "\u200b"
ZERO_WIDTH_JOINER = "\u200d"
WORD_JOINER = "\u2060"
BYTE_ORDER_MARK = "\ufeff"
RIGHT_TO_LEFT_OVERRIDE = "\u202e"
LEFT_TO_RIGHT_ISOLATE = "\u2066"
VARIATION_SELECTOR_16 = "\ufe0f"
SOFT_HYPHEN = "\u00ad"
COMBINING_GRAPHEME_JOINER = "\u034f"
TAG_LATIN_SMALL_A = "\U000e0061"

# (the name typed, the character the refusal must name)
INVISIBLE_NAMES = [
    pytest.param(f"Alice{HANGUL_FILLER}", "U+3164 HANGUL FILLER", id="hangul-filler-at-the-end"),
    pytest.param(
        f"Al{HALFWIDTH_HANGUL_FILLER}ice", "U+FFA0 HALFWIDTH HANGUL FILLER", id="halfwidth-inside"
    ),
    pytest.param(
        f"{HANGUL_CHOSEONG_FILLER}Alice", "U+115F HANGUL CHOSEONG FILLER", id="choseong-filler"
    ),
    pytest.param(f"Ali{ZERO_WIDTH_JOINER}ce", "U+200D ZERO WIDTH JOINER", id="zero-width-joiner"),
    pytest.param(
        f"Alice{RIGHT_TO_LEFT_OVERRIDE}", "U+202E RIGHT-TO-LEFT OVERRIDE", id="bidi-override"
    ),
    pytest.param(
        f"Alice{VARIATION_SELECTOR_16}", "U+FE0F VARIATION SELECTOR-16", id="variation-selector"
    ),
    pytest.param(HANGUL_FILLER * 3, "U+3164 HANGUL FILLER", id="only-fillers"),
]
INVISIBLE_HTML = "A display name cannot hold invisible characters (this one holds {label})."

_numbers = itertools.count(1)


def make_player(name: str, **fields) -> User:
    number = next(_numbers)
    return User.objects.create_user(f"inv{number}@example.com", None, display_name=name, **fields)


def stored(user: User) -> tuple[str, str, str]:
    user.refresh_from_db()
    return user.display_name, user.display_name_skeleton, user.display_name_folded_skeleton


def row_written_directly(name: str, **fields) -> User:
    """A player saved before the rule, bypassing the services: the stored skeletons are not the
    name's (as the older skeleton, which kept invisible characters, left them), and unique."""
    user = make_player(f"Placeholder {next(_numbers)}", **fields)
    User.objects.filter(pk=user.pk).update(
        display_name=name,
        display_name_skeleton=f"stale {user.pk}",
        display_name_folded_skeleton=f"stale folded {user.pk}",
    )
    user.refresh_from_db()
    return user


# the rule itself


@pytest.mark.parametrize(
    "char",
    [
        HANGUL_FILLER,
        HALFWIDTH_HANGUL_FILLER,
        HANGUL_CHOSEONG_FILLER,
        HANGUL_JUNGSEONG_FILLER,
        ZERO_WIDTH_SPACE,
        ZERO_WIDTH_JOINER,
        WORD_JOINER,
        BYTE_ORDER_MARK,
        RIGHT_TO_LEFT_OVERRIDE,
        LEFT_TO_RIGHT_ISOLATE,
        VARIATION_SELECTOR_16,
        SOFT_HYPHEN,
        COMBINING_GRAPHEME_JOINER,
        TAG_LATIN_SMALL_A,
    ],
)
def test_a_character_that_shows_nothing_is_dropped_from_the_skeleton(char):
    assert invisible_characters(f"Al{char}ice") == [char]
    assert skeleton(f"Alice{char}") == skeleton(f"Al{char}ice") == skeleton("Alice")
    assert display_names_look_alike("Alice", f"Al{char}ice")
    assert display_name_skeletons(f"ALICE{char}") == display_name_skeletons("ALICE")


def test_the_hangul_filler_skeleton_is_alices():
    assert skeleton("Alice\u3164") == skeleton("Alice") == "Alice"


def test_visible_characters_are_not_invisible():
    # letters of any script, digits, the allowed punctuation, a combining accent, and a format
    # character that prints a mark of its own (U+0600 ARABIC NUMBER SIGN)
    assert invisible_characters("Zoe\u0308 \u041e\u043b\u0435\u0433 _.-09 \u0600") == []


def test_invisible_characters_are_escaped_for_staff():
    assert escaped_visibly(f"Al{ZERO_WIDTH_JOINER}ice{HANGUL_FILLER}") == "Al<U+200D>ice<U+3164>"
    assert escaped_visibly("Zo\u00eb") == "Zo\u00eb"


# refused wherever a name is set


@pytest.mark.parametrize(("name", "label"), INVISIBLE_NAMES)
def test_the_settings_page_refuses_an_invisible_character_and_stores_nothing(
    client: Client, name: str, label: str
):
    me = make_player("Nat")
    before = stored(me)
    client.force_login(me)
    response = client.post(
        reverse("accounts:settings"), {"display_name": name, "going_under": "with"}
    )
    assert response.status_code == 200
    assert INVISIBLE_HTML.format(label=label) in response.content.decode()
    assert stored(me) == before
    me.refresh_from_db()
    assert me.going_under == "either"


@pytest.mark.parametrize(("name", "label"), INVISIBLE_NAMES)
def test_the_service_refuses_an_invisible_character_and_stores_nothing(name: str, label: str):
    me = make_player("Nat")
    before = stored(me)
    with pytest.raises(SettingsRefused) as refused:
        account_settings_update(user_id=me.pk, display_name=name, going_under="with")
    assert refused.value.code == "name_invisible"
    assert refused.value.field == "display_name"
    assert label in refused.value.message
    assert stored(me) == before
    assert not User.objects.filter(display_name=name).exists()


def test_the_refusal_names_each_invisible_character_once():
    with pytest.raises(SettingsRefused) as refused:
        display_name_clean(display_name=f"A{HANGUL_FILLER}b{ZERO_WIDTH_SPACE}c{HANGUL_FILLER}")
    assert refused.value.message == (
        "A display name cannot hold invisible characters (this one holds "
        "U+3164 HANGUL FILLER, U+200B ZERO WIDTH SPACE)."
    )


@pytest.mark.parametrize(
    "name", [f"Alice{HANGUL_FILLER}", f"Ali{ZERO_WIDTH_JOINER}ce", HANGUL_FILLER * 3]
)
def test_sign_up_refuses_an_invisible_character(client: Client, name: str):
    response = client.post(
        reverse("account_signup"),
        {
            "email": "newcomer@example.com",
            "display_name": name,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "cannot hold invisible characters" in response.content.decode()
    assert not User.objects.filter(email="newcomer@example.com").exists()


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(make_player("Boss", is_staff=True, is_superuser=True))
    return client


def test_the_admin_refuses_an_invisible_character_when_adding_a_user(staff_client: Client):
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "fake@example.com",
            "display_name": f"Alice{HANGUL_FILLER}",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert INVISIBLE_HTML.format(label="U+3164 HANGUL FILLER") in response.content.decode()
    assert not User.objects.filter(email="fake@example.com").exists()


def test_the_admin_refuses_an_invisible_character_when_renaming(staff_client: Client):
    player = make_player("Uma")
    before = stored(player)
    response = staff_client.post(
        reverse("admin:accounts_user_change", args=[player.pk]),
        {"email": player.email, "is_staff": "", "display_name": f"Uma{HALFWIDTH_HANGUL_FILLER}"},
    )
    assert response.status_code == 200
    assert "U+FFA0 HALFWIDTH HANGUL FILLER" in response.content.decode()
    assert stored(player) == before


def test_the_demo_data_goes_through_the_same_rules(monkeypatch):
    monkeypatch.setattr(
        demo, "DEMO_PLAYERS", (*demo.DEMO_PLAYERS, ("eve@example.com", f"Eve{HANGUL_FILLER}"))
    )
    with pytest.raises(SettingsRefused) as refused:
        demo.demo_data_load()
    assert refused.value.code == "name_invisible"
    assert not User.objects.filter(email="eve@example.com").exists()


# the list for staff


def run_command(*args: str) -> str:
    out = StringIO()
    call_command("display_names_alike", *args, stdout=out)
    return out.getvalue()


def test_the_command_lists_nothing_on_a_clean_database():
    for name in ("Alice", "Bob", f"N{chr(0x430)}tasha", "Zo\u00eb"):
        account_settings_update(
            user_id=make_player(f"P{next(_numbers)}").pk, display_name=name, going_under="either"
        )
    make_player("")  # a staff account without a name
    assert "No two display names look alike" in run_command()
    assert json.loads(run_command("--json")) == {"groups": []}


def test_the_command_lists_a_look_alike_written_past_the_rules_and_changes_nothing():
    alice = make_player("Alice")
    make_player("Bob")
    twin = row_written_directly(f"Alice{HANGUL_FILLER}", is_active=False)
    rows_before = list(User.objects.values().order_by("pk"))

    text = run_command()
    assert "1 group(s)" in text
    assert "look alike; look alike ignoring case; invisible characters" in text
    assert f"user {alice.pk} " in text and '"Alice"' in text
    assert f"user {twin.pk} " in text and '"Alice<U+3164>"' in text
    assert "inactive; holds U+3164 HANGUL FILLER; stored skeletons out of date" in text
    assert "Bob" not in text

    (group,) = json.loads(run_command("--json"))["groups"]
    assert group["reasons"] == [
        "same_skeleton",
        "same_folded_skeleton",
        "invisible_characters",
        "stale_stored_skeletons",
    ]
    assert [(p["id"], p["display_name"], p["is_active"]) for p in group["players"]] == [
        (alice.pk, "Alice", True),
        (twin.pk, f"Alice{HANGUL_FILLER}", False),
    ]
    assert group["players"][1]["display_name_escaped"] == "Alice<U+3164>"
    assert group["players"][1]["invisible"] == ["U+3164 HANGUL FILLER"]
    assert list(User.objects.values().order_by("pk")) == rows_before


def test_the_command_joins_look_alikes_of_look_alikes_and_lists_a_name_of_fillers_alone():
    first = make_player("Kim")
    second = row_written_directly(f"Kim{ZERO_WIDTH_SPACE}")
    third = row_written_directly(f"KIM{HANGUL_FILLER}")  # like the first ignoring case only
    blank = row_written_directly(HANGUL_FILLER * 3)

    groups = json.loads(run_command("--json"))["groups"]
    assert [[p["id"] for p in group["players"]] for group in groups] == [
        [first.pk, second.pk, third.pk],
        [blank.pk],
    ]
    assert groups[1]["reasons"] == ["invisible_characters", "stale_stored_skeletons"]
    assert '"<U+3164><U+3164><U+3164>"' in run_command()


def test_the_command_lists_look_alikes_without_invisible_characters():
    """Two rows whose stored skeletons were left stale (say, by an older confusables table)."""
    make_player("Bob")
    other = row_written_directly(f"B{chr(0x43E)}b")  # a Cyrillic o
    (group,) = json.loads(run_command("--json"))["groups"]
    assert group["reasons"] == ["same_skeleton", "same_folded_skeleton", "stale_stored_skeletons"]
    assert group["players"][1]["id"] == other.pk and group["players"][1]["invisible"] == []
