"""Display names that look like another player's are refused (Unicode's confusables skeleton,
UTS #39), wherever a name is set: sign-up, the settings page, the admin, the demo data, and the
database itself. Characters that look alike are written as escapes, so that this file can be
read."""

from __future__ import annotations

import importlib
import itertools
import threading

import pytest
from allauth.core.context import request_context
from django.apps import apps
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.middleware import SessionMiddleware
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse

from accounts.demo import demo_data_load
from accounts.models import User
from accounts.names import display_name_skeletons, display_names_look_alike, skeleton
from accounts.services.settings import (
    NAME_TOO_CLOSE,
    SettingsRefused,
    account_settings_update,
    display_name_available,
)
from accounts.signup_form import SignupForm
from tests.accounts.conftest import PASSWORD
from tests.accounts.test_settings import _wait_until_a_query_waits_for_a_lock

pytestmark = pytest.mark.django_db

CYRILLIC_A = "\u0430"  # looks like Latin "a"
CYRILLIC_CAPITAL_A = "\u0410"
CYRILLIC_O = "\u043e"
GREEK_OMICRON = "\u03bf"
FULLWIDTH_BOB = "\uff22\uff4f\uff42"  # "Bob" in fullwidth letters
TOO_CLOSE_HTML = "This name is too close to another player&#x27;s name."

LOOK_ALIKES = [
    ("Alice", f"{CYRILLIC_CAPITAL_A}lice"),  # Latin and Cyrillic
    ("Natasha", f"N{CYRILLIC_A}t{CYRILLIC_A}sh{CYRILLIC_A}"),
    ("Bob", f"B{GREEK_OMICRON}b"),  # Latin and Greek
    ("Bob", f"B{CYRILLIC_O}b"),
    ("Sam", "Sarn"),  # "rn" reads as "m"
    ("Kim the Bold", "Kirn the Bold"),
    ("ALICE", "alice"),  # case
    ("Bob", "bOB"),
    (f"{CYRILLIC_CAPITAL_A}LICE", "alice"),  # case and script at once
    ("Bob", FULLWIDTH_BOB),  # fullwidth
    ("Player1", "Playerl"),  # digit one and small L
    ("Ian", "lan"),  # capital i and small L
    ("Otto", "0tto"),  # zero and O
    ("Zo\u00eb", "Zoe\u0308"),  # one letter, or a letter and its accent
]

DIFFERENT = [
    ("Zo\u00eb", "Zoe"),
    ("Ann", "Anne"),
    ("Oleg", "\u041e\u043b\u0435\u0433"),  # Cyrillic "Oleg": its l and g look different
    ("Sam", "Sum"),
    ("Bob", "Rob"),
    ("ALICE", "ALLCE"),  # capital I looks like small l, not like capital L
]

_numbers = itertools.count(1)


def skeletons_of(user: User) -> tuple[str, str]:
    user.refresh_from_db()
    return user.display_name_skeleton, user.display_name_folded_skeleton


def make_player(name: str, **fields) -> User:
    number = next(_numbers)
    return User.objects.create_user(
        f"player{number}@example.com", fields.pop("password", None), display_name=name, **fields
    )


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_names_that_look_alike_share_a_skeleton(first, second):
    assert first != second
    assert display_names_look_alike(first, second)


@pytest.mark.parametrize(("first", "second"), DIFFERENT)
def test_names_that_look_different_share_no_skeleton(first, second):
    assert not display_names_look_alike(first, second)


def test_the_skeleton_is_unicodes():
    """Mappings straight from confusables.txt: each to its prototype."""
    assert skeleton(CYRILLIC_A) == "a"
    assert skeleton("m") == "rn"
    assert skeleton("\uff22") == "B"  # FULLWIDTH LATIN CAPITAL LETTER B
    assert skeleton("1") == skeleton("I") == skeleton("l") == "l"
    assert skeleton("0") == "O"
    assert skeleton("plain") == "plain"  # "plain" has no look-alike to fold


@pytest.mark.parametrize(("taken", "wanted"), LOOK_ALIKES)
def test_sign_up_refuses_a_name_too_close_to_another_players(client, taken, wanted):
    make_player(taken)
    response = client.post(
        reverse("account_signup"),
        {
            "email": "newcomer@example.com",
            "display_name": wanted,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert TOO_CLOSE_HTML in page or "That display name is taken" in page
    assert not User.objects.filter(email="newcomer@example.com").exists()


def test_sign_up_says_which_rule_a_look_alike_breaks(client):
    make_player("Alice")
    response = client.post(
        reverse("account_signup"),
        {
            "email": "newcomer@example.com",
            "display_name": f"{CYRILLIC_CAPITAL_A}lice",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert TOO_CLOSE_HTML in response.content.decode()


def test_the_settings_page_refuses_a_look_alike_and_keeps_the_old_name(client):
    make_player("Natasha")
    me = make_player("Nat")
    client.force_login(me)
    response = client.post(
        reverse("accounts:settings"),
        {"display_name": f"N{CYRILLIC_A}tasha", "going_under": "either"},
    )
    assert response.status_code == 200
    assert TOO_CLOSE_HTML in response.content.decode()
    me.refresh_from_db()
    assert me.display_name == "Nat" and skeletons_of(me) == display_name_skeletons("Nat")


def test_a_player_may_write_their_own_name_differently(client):
    me = make_player("Sam")
    account_settings_update(user_id=me.pk, display_name="SAM", going_under="either")
    me.refresh_from_db()
    assert me.display_name == "SAM" and skeletons_of(me) == display_name_skeletons("SAM")


def test_the_service_names_the_rule(client):
    make_player("Kim")
    me = make_player("Someone")
    with pytest.raises(SettingsRefused) as refused:
        account_settings_update(user_id=me.pk, display_name="Kirn", going_under="either")
    assert (refused.value.code, refused.value.message) == ("name_too_close", NAME_TOO_CLOSE)


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(make_player("Boss", is_staff=True, is_superuser=True))
    return client


def test_the_admin_refuses_a_look_alike_when_adding_a_user(staff_client):
    make_player("Alice")
    response = staff_client.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "fake@example.com",
            "display_name": f"{CYRILLIC_CAPITAL_A}lice",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert TOO_CLOSE_HTML in response.content.decode()
    assert not User.objects.filter(email="fake@example.com").exists()


def test_the_admin_refuses_a_look_alike_when_renaming_and_keeps_the_key_in_step(staff_client):
    make_player("Alice")
    player = make_player("Uma")
    url = reverse("admin:accounts_user_change", args=[player.pk])
    form = {"email": player.email, "is_staff": ""}
    response = staff_client.post(url, {**form, "display_name": f"{CYRILLIC_CAPITAL_A}lice"})
    assert response.status_code == 200
    assert TOO_CLOSE_HTML in response.content.decode()

    assert staff_client.post(url, {**form, "display_name": "Una"}).status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Una" and skeletons_of(player) == display_name_skeletons("Una")


def test_the_demo_data_refuses_a_look_alike_of_an_existing_player():
    make_player(f"{CYRILLIC_CAPITAL_A}lice")
    with pytest.raises(SettingsRefused) as refused:
        demo_data_load()
    assert refused.value.code == "name_too_close"


def test_the_demo_data_keys_its_players():
    demo_data_load()
    alice = User.objects.get(email="alice@example.com")
    assert skeletons_of(alice) == display_name_skeletons("Alice")
    demo_data_load()  # again: its own names are no look-alikes of themselves


def test_the_database_refuses_two_look_alikes_whatever_the_code_path():
    make_player("Alice")
    with (
        pytest.raises(IntegrityError, match="accounts_display_name_skeleton_unique"),
        transaction.atomic(),
    ):
        make_player(f"{CYRILLIC_CAPITAL_A}lice")
    with (
        pytest.raises(IntegrityError, match="accounts_display_name_folded_skeleton_unique"),
        transaction.atomic(),
    ):
        user = make_player("Other")
        user.display_name_set(f"{CYRILLIC_CAPITAL_A}LICE")
        user.save()


def test_availability_is_checked_against_others_only():
    me = make_player("Alice")
    display_name_available(display_name="ALICE", user_id=me.pk)
    with pytest.raises(SettingsRefused):
        display_name_available(display_name="ALICE")


def test_the_migration_keys_every_player_and_renames_the_newer_of_two_look_alikes():
    """Players from before the keys: the older account keeps its name."""
    migration = importlib.import_module("accounts.migrations.0003_display_names_not_confusable")
    older = make_player("Alice")
    newer = make_player("Someone")
    third = make_player("Carol")
    nameless = make_player("")
    # as they were before the migration: look-alike names, no keys
    User.objects.filter(pk=newer.pk).update(display_name=f"{CYRILLIC_CAPITAL_A}lice")
    User.objects.filter(pk=third.pk).update(display_name="Alice 2")  # the first free suffix
    User.objects.update(display_name_skeleton="", display_name_folded_skeleton="")

    migration.display_name_skeletons_fill(apps, None)

    names = dict(User.objects.values_list("pk", "display_name"))
    keys = {user.pk: skeletons_of(user) for user in User.objects.all()}
    assert names[older.pk] == "Alice"
    assert names[third.pk] == "Alice 2"
    assert names[newer.pk] == f"{CYRILLIC_CAPITAL_A}lice 3"
    assert names[nameless.pk] == "" and keys[nameless.pk] == ("", "")
    for pk, name in names.items():
        assert keys[pk] == display_name_skeletons(name)
    named = [keys[pk] for pk, name in names.items() if name]
    for kind in (0, 1):
        assert len({pair[kind] for pair in named}) == len(named)


def test_a_look_alike_taken_between_the_check_and_the_save_is_refused_with_the_reason(rf):
    """Two newcomers choose look-alike names at the same moment: the index refuses the second,
    who is told why."""
    form = SignupForm(
        data={
            "email": "late@example.com",
            "display_name": "Sam",
            "password1": PASSWORD,
            "password2": PASSWORD,
        }
    )
    request = rf.post(reverse("account_signup"))
    SessionMiddleware(lambda request: None).process_request(request)
    request.user = AnonymousUser()
    with request_context(request):
        assert form.is_valid(), form.errors
        make_player("Sarn")
        user, response = form.try_save(request)

    assert user is None
    response.render()
    assert TOO_CLOSE_HTML in response.content.decode()
    assert not User.objects.filter(email="late@example.com").exists()


@pytest.mark.django_db(transaction=True)
def test_two_players_taking_look_alikes_at_once_the_second_is_told_it_is_too_close():
    """The race the check cannot see: the first change is not committed when the second
    checks; the unique index makes the second wait, then refuses it."""
    first, second = make_player("Ann"), make_player("Bob")
    first_saved, first_may_commit = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def first_player() -> None:
        try:
            with transaction.atomic():
                account_settings_update(user_id=first.pk, display_name="Kim", going_under="either")
                first_saved.set()
                first_may_commit.wait(10)
        finally:
            connection.close()

    def second_player() -> None:
        try:
            account_settings_update(user_id=second.pk, display_name="KIRN", going_under="with")
        except SettingsRefused as refused:
            outcome["refused"] = refused
        finally:
            connection.close()

    threads = [threading.Thread(target=first_player), threading.Thread(target=second_player)]
    threads[0].start()
    assert first_saved.wait(10)
    threads[1].start()
    _wait_until_a_query_waits_for_a_lock()
    first_may_commit.set()
    for thread in threads:
        thread.join(10)

    refused = outcome["refused"]
    assert refused.code == "name_too_close" and refused.message == NAME_TOO_CLOSE
    assert isinstance(refused.__cause__, IntegrityError)  # decided by the index, not the check
    assert User.objects.get(pk=second.pk).display_name == "Bob"
