"""Who sees a finished game's record (games.records.selectors): a public table's game any
signed-in player; a private table's game its players (one who left included) and staff, and
anyone else only once a player shared it; to everyone else the same 404 as a game that does not
exist, for the page, its downloads and its review. A player shares the record from the page,
and may make it private again; lists of a player's games link only the records the viewer may
read. (A league table's members: tests/leagues/test_league_records.py.)"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games.engine import RuleOptions
from games.models import Game
from games.records.selectors import record_ids_visible_to, record_visible_to
from games.tables.services.tables import table_create
from rankings.services.game_points import game_points_record
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)
PAGES = ("games:record", "games:history_json", "games:score_sheet_text")


def player(name: str, **fields) -> User:
    number = next(_numbers)
    return User.objects.create_user(
        f"{name.lower()}{number}@example.com", None, display_name=name, **fields
    )


def private_game_store(users, *, seed: str = "private", cancelled=()) -> Game:
    """A finished game of a private table (the store makes public ones)."""
    game, _ = finished_game_store(users, seed=seed, cancelled=cancelled)
    Game.objects.filter(pk=game.pk).update(kind=Game.Kind.PRIVATE)
    game.refresh_from_db()
    return game


def unknown_id() -> int:
    return (Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000


def settled(client: Client, user: User) -> None:
    """`user` logged in, and the day's visit reward (a message on the next page) taken: two
    pages compare whole."""
    client.force_login(user)
    client.get(reverse("home"))


def page(client: Client, name: str, game_id: int):
    return client.get(reverse(name, args=[game_id]))


@pytest.fixture
def table():
    """Ann, Bob and Cid at a private table (Cid left it mid-game), and a stranger, Eve."""
    ann, bob, cid, eve = player("Ann"), player("Bob"), player("Cid"), player("Eve")
    game = private_game_store([ann, bob, cid, None], cancelled=[2])
    return game, (ann, bob, cid), eve


def test_its_players_see_the_record_and_its_downloads(client, table):
    game, players, _eve = table
    for person in players:  # Cid left mid-game: still one of its players
        client.force_login(person)
        for name in PAGES:
            assert page(client, name, game.pk).status_code == 200, (person, name)
    assert json.loads(page(client, "games:history_json", game.pk).content)["game"]["id"] == game.pk


def test_a_stranger_gets_what_a_game_that_does_not_exist_gets(client, table):
    game, _players, eve = table
    settled(client, eve)
    for name in PAGES:
        refused, unknown = page(client, name, game.pk), page(client, name, unknown_id())
        assert refused.status_code == unknown.status_code == 404
        assert refused.content == unknown.content, name
        assert refused.templates and [t.name for t in refused.templates] == [
            t.name for t in unknown.templates
        ]
    body = page(client, "games:record", game.pk).content.decode()
    assert "Ann" not in body and "Bob" not in body


def test_a_stranger_is_told_nothing_of_its_review_either(client, table):
    game, (ann, _bob, _cid), eve = table
    settled(client, eve)
    for view, method in (
        ("games:review_status", client.get),
        ("games:review_request", client.post),
    ):
        refused = method(reverse(view, args=[game.pk]), HTTP_ACCEPT="application/json")
        unknown = method(reverse(view, args=[unknown_id()]), HTTP_ACCEPT="application/json")
        assert refused.status_code == unknown.status_code == 404
        assert refused.json() == unknown.json()
    client.force_login(ann)
    assert client.get(reverse("games:review_status", args=[game.pk])).status_code == 200


def test_staff_see_a_private_record(client, table):
    game, _players, _eve = table
    client.force_login(player("Sam", is_staff=True))
    for name in PAGES:
        assert page(client, name, game.pk).status_code == 200, name
    body = page(client, "games:record", game.pk).content.decode()
    assert "A private record" in body
    assert "Share this game's record" not in body


def test_a_public_table_s_record_stays_open_to_any_signed_in_player(client):
    game, _ = finished_game_store([player("Ann"), None, None, None], seed="public")
    client.force_login(player("Eve"))
    for name in PAGES:
        assert page(client, name, game.pk).status_code == 200, name
    body = page(client, "games:record", game.pk).content.decode()
    assert 'id="record-sharing"' not in body  # nothing to share: public already


def test_the_record_page_offers_its_players_to_share_it(client, table):
    game, (ann, _bob, _cid), _eve = table
    client.force_login(ann)
    body = page(client, "games:record", game.pk).content.decode()
    assert "A private record" in body
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', body, re.S)
    assert form is not None and form.group(1) == reverse("games:record_share", args=[game.pk])
    assert 'name="csrfmiddlewaretoken"' in form.group(2)
    assert 'name="public" value="1"' in form.group(2)
    assert "Share this game's record" in form.group(2)
    assert "every hand as it was dealt" in body  # what sharing gives away, said first


def test_a_player_shares_it_then_anyone_sees_it_and_a_player_takes_it_back(client, table):
    game, (ann, bob, _cid), eve = table
    share = reverse("games:record_share", args=[game.pk])
    client.force_login(ann)
    response = client.post(share, {"public": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:record", args=[game.pk]) + "#record-sharing"
    game.refresh_from_db()
    shared_at = game.record_shared_at
    assert shared_at is not None and game.record_shared_by_id == ann.pk
    client.post(share, {"public": "1"})  # a double click: nothing changes
    game.refresh_from_db()
    assert (game.record_shared_at, game.record_shared_by_id) == (shared_at, ann.pk)

    client.force_login(eve)
    for name in PAGES:
        assert page(client, name, game.pk).status_code == 200, name
    body = page(client, "games:record", game.pk).content.decode()
    assert "A shared record" in body and "Ann made this private table" in body
    assert 'name="public"' not in body  # not hers to take back

    client.force_login(bob)  # a fellow player takes it back
    body = page(client, "games:record", game.pk).content.decode()
    assert 'name="public" value="0"' in body and "Make this record private again" in body
    client.post(share, {"public": "0"})
    client.post(share, {"public": "0"})
    game.refresh_from_db()
    assert game.record_shared_at is None and game.record_shared_by_id is None
    client.force_login(eve)
    assert page(client, "games:record", game.pk).status_code == 404


def test_a_stranger_s_post_gets_the_404_and_changes_nothing(client, table):
    game, _players, eve = table
    settled(client, eve)
    refused = client.post(reverse("games:record_share", args=[game.pk]), {"public": "1"})
    unknown = client.post(reverse("games:record_share", args=[unknown_id()]), {"public": "1"})
    assert refused.status_code == unknown.status_code == 404
    assert refused.content == unknown.content
    game.refresh_from_db()
    assert game.record_shared_at is None
    # staff may read it but did not play it: refused in words, still nothing changes
    client.force_login(player("Sam", is_staff=True))
    response = client.post(reverse("games:record_share", args=[game.pk]), {"public": "1"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.record_shared_at is None


def test_sharing_needs_the_form_s_csrf_token(table):
    game, (ann, _bob, _cid), _eve = table
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    response = client.post(reverse("games:record_share", args=[game.pk]), {"public": "1"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.record_shared_at is None


def test_only_a_finished_private_game_can_be_shared(client):
    ann = player("Ann")
    client.force_login(ann)
    open_table = table_create(creator_id=ann.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    response = client.post(reverse("games:record_share", args=[open_table.pk]), {"public": "1"})
    assert response.status_code == 409
    assert "Only a finished game's record can be shared." in response.content.decode()
    open_table.refresh_from_db()
    assert open_table.record_shared_at is None
    public, _ = finished_game_store([player("Bob"), None, None, None], seed="public-share")
    client.force_login(public.seats.get(position=0).user)
    response = client.post(reverse("games:record_share", args=[public.pk]), {"public": "1"})
    assert response.status_code == 409 and "public table" in response.content.decode()


def test_the_access_selector_one_game_and_a_list(table):
    game, (ann, _bob, cid), eve = table
    public, _ = finished_game_store([eve, None, None, None], seed="public-list")
    staff = player("Sam", is_staff=True)
    assert record_visible_to(game=game, user=ann) and record_visible_to(game=game, user=cid)
    assert record_visible_to(game=game, user=staff)
    assert not record_visible_to(game=game, user=eve)
    assert record_ids_visible_to(game_ids=[game.pk, public.pk], user=eve) == {public.pk}
    assert record_ids_visible_to(game_ids=[game.pk, public.pk], user=ann) == {game.pk, public.pk}
    assert record_ids_visible_to(game_ids=[], user=eve) == set()


def test_a_profile_and_a_games_page_link_only_the_records_the_viewer_may_read(client, table):
    game, (ann, _bob, _cid), eve = table
    public, _ = finished_game_store([ann, None, None, None], seed="public-profile")
    for finished in (game, public):
        game_points_record(game_id=finished.pk)
    record_link = f'href="{reverse("games:record", args=[game.pk])}"'
    public_link = f'href="{reverse("games:record", args=[public.pk])}"'
    pages = (reverse("rankings:profile", args=[ann.pk]), reverse("rankings:games", args=[ann.pk]))

    client.force_login(eve)
    for address in pages:
        body = client.get(address).content.decode()
        assert public_link in body, address
        assert record_link not in body and "private record" in body, address  # listed, not linked
    client.force_login(ann)
    for address in pages:
        body = client.get(address).content.decode()
        assert record_link in body and public_link in body, address
    Game.objects.filter(pk=game.pk).update(record_shared_at=public.finished_at)
    client.force_login(eve)
    for address in pages:
        assert record_link in client.get(address).content.decode(), address
