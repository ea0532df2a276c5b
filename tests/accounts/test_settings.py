"""A player's settings: display name, going under (seed 000: "You can set in your profile whether
you wish to play by this rule, or only play games that do not allow this"), their invitation
link and invited friends."""

from __future__ import annotations

import itertools
import re
import threading
import time

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import GoingUnder, Referral, User
from accounts.services.settings import SettingsRefused, account_settings_update
from games.engine import RuleOptions
from games.tables.services.quick_play import queue_join

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None, **fields) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        # no password (tests log in with force_login): hashing one takes a quarter second
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name, **fields
        )

    return make


def settings_post(client, *, display_name: str, going_under: str = GoingUnder.EITHER):
    return client.post(
        reverse("accounts:settings"),
        {"display_name": display_name, "going_under": going_under},
    )


@pytest.mark.django_db
def test_the_settings_page_needs_a_logged_in_player(client):
    response = client.get(reverse("accounts:settings"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


@pytest.mark.django_db
def test_a_change_of_name_and_going_under_is_saved_and_confirmed(client, make_player):
    me = make_player("Ann")
    client.force_login(me)
    response = settings_post(client, display_name="  Ann   the  Bold ", going_under="without")
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:settings")
    me.refresh_from_db()
    assert (me.display_name, me.going_under) == ("Ann the Bold", GoingUnder.WITHOUT)
    page = client.get(response["Location"]).content.decode()
    assert "Your settings are saved." in page
    assert 'value="Ann the Bold"' in page
    assert re.search(r'value="without"[^>]* checked', page)


@pytest.mark.django_db
def test_a_name_taken_by_another_player_in_another_case_is_refused(client, make_player):
    make_player("Bob")
    me = make_player("Ann")
    client.force_login(me)
    response = settings_post(client, display_name="bOB", going_under="with")
    assert response.status_code == 200
    assert "That display name is taken; please choose another." in response.content.decode()
    me.refresh_from_db()
    assert (me.display_name, me.going_under) == ("Ann", GoingUnder.EITHER)


@pytest.mark.django_db
def test_keeping_my_own_name_in_another_case_is_allowed(client, make_player):
    me = make_player("Ann")
    client.force_login(me)
    assert settings_post(client, display_name="ANN").status_code == 302
    me.refresh_from_db()
    assert me.display_name == "ANN"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("A", "2 to 30 characters"),
        ("x" * 31, "2 to 30 characters"),
        ("Ann<script>", "only letters, digits, spaces and . _ -"),
        ("Ann@home", "only letters, digits, spaces and . _ -"),
        ("...", "at least one letter or digit"),
        ("computer", "would be confusing at a table"),
    ],
)
def test_a_name_that_breaks_the_rules_is_refused_with_the_reason(
    client, make_player, name, message
):
    me = make_player("Ann")
    client.force_login(me)
    response = settings_post(client, display_name=name)
    assert response.status_code == 200
    assert message in response.content.decode()
    me.refresh_from_db()
    assert me.display_name == "Ann"


@pytest.mark.django_db
def test_names_in_other_alphabets_are_welcome(make_player):
    me = make_player("Ann")
    account_settings_update(user_id=me.pk, display_name="Žiga Čebular", going_under="either")
    me.refresh_from_db()
    assert me.display_name == "Žiga Čebular"


@pytest.mark.django_db
def test_an_unknown_going_under_choice_is_refused(make_player):
    me = make_player("Ann")
    with pytest.raises(SettingsRefused) as refused:
        account_settings_update(user_id=me.pk, display_name="Ann", going_under="sometimes")
    assert refused.value.field == "going_under"


@pytest.mark.django_db(transaction=True)
def test_two_players_taking_one_name_at_once_the_second_is_told_it_is_taken(make_player):
    """The race the existence check cannot see: the first player's change is not yet committed
    when the second checks. The unique index makes the second wait, then refuses it."""
    first, second = make_player("Ann"), make_player("Bob")
    first_saved, first_may_commit = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def first_player() -> None:
        try:
            with transaction.atomic():
                account_settings_update(user_id=first.pk, display_name="Zed", going_under="either")
                first_saved.set()
                first_may_commit.wait(10)
        finally:
            connection.close()

    def second_player() -> None:
        try:
            account_settings_update(user_id=second.pk, display_name="zED", going_under="with")
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
    assert refused.code == "name_taken" and refused.field == "display_name"
    assert isinstance(refused.__cause__, IntegrityError)  # decided by the index, not the check
    assert User.objects.get(pk=first.pk).display_name == "Zed"
    assert User.objects.get(pk=second.pk).display_name == "Bob"


def _wait_until_a_query_waits_for_a_lock() -> None:
    give_up = time.monotonic() + 10
    with connection.cursor() as cursor:
        while time.monotonic() < give_up:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
    raise AssertionError("the second player's change never waited for the first's")


@pytest.mark.django_db
@pytest.mark.parametrize(("choice", "going_under"), [("without", False), ("with", True)])
def test_the_going_under_choice_decides_the_quick_play_table(
    client, make_player, choice, going_under
):
    players = [make_player() for _ in range(4)]
    game = None
    for player in players:
        client.force_login(player)
        saved = settings_post(client, display_name=player.display_name, going_under=choice)
        assert saved.status_code == 302
        game = queue_join(user_id=player.pk)
    assert game is not None
    assert RuleOptions.from_dict(game.rules).going_under is going_under


@pytest.mark.django_db
def test_players_who_chose_differently_are_not_seated_together(client, make_player):
    players = [make_player() for _ in range(4)]
    for player, choice in zip(players, ["with", "with", "with", "without"], strict=True):
        client.force_login(player)
        settings_post(client, display_name=player.display_name, going_under=choice)
    assert [queue_join(user_id=player.pk) for player in players] == [None] * 4


@pytest.mark.django_db
def test_the_page_shows_my_invitation_link_and_invited_friends(client, make_player):
    me = make_player("Ann")
    friends = [make_player() for _ in range(3)]
    Referral.objects.create(inviter=me, invited=friends[0], qualified_at=timezone.now())
    Referral.objects.create(inviter=me, invited=friends[1])
    Referral.objects.create(inviter=friends[2], invited=make_player())  # someone else's
    client.force_login(me)
    body = client.get(reverse("accounts:settings")).content.decode()
    invite_url = "http://testserver" + reverse("accounts:invite", args=[me.invite_code])
    assert f'value="{invite_url}"' in body
    assert 'id="copy-invite"' in body
    assert 'id="friends-signed-up">2<' in body
    assert 'id="friends-played">1<' in body
    assert f'href="{reverse("account_email")}"' in body
    assert f'href="{reverse("account_change_password")}"' in body
    assert "three or more nines or tens" in body
