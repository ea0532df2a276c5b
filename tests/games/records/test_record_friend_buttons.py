"""The friend buttons on a game's record (issue 54: "send a friend request from ... the record
page"): one for each other person seated, in its state; none for me, the computers, or a
blocked player."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.friends.services import friend_request_accept, friend_request_send
from accounts.services.blocks import account_block
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db


def buttons(client, game_id: int) -> dict[str, str]:
    """Each seated person's name on the page, with their button's state."""
    html = client.get(reverse("games:record", args=[game_id])).content.decode()
    seats = re.findall(r'<ul class="team-seats">(.*?)</ul>', html, re.S)
    found = {}
    for item in re.findall(r"<li>(.*?)</li>", "".join(seats), re.S):
        name = re.search(r'/players/\d+/">([^<]+)</a>', item)
        state = re.search(r'data-state="(\w+)"', item)
        if name:
            found[name.group(1)] = state.group(1) if state else ""
    return found


def test_each_other_person_at_the_table_has_a_button_in_its_state(client, make_player):
    me, bob, cid, dee = (make_player(name) for name in ("Me", "Bob", "Cid", "Dee"))
    game, _ = finished_game_store([me, bob, cid, None], seed="friends-1")
    friend_request_send(user_id=me.pk, other_id=bob.pk)
    friend_request_send(user_id=cid.pk, other_id=me.pk)
    client.force_login(me)
    assert buttons(client, game.pk) == {"Me": "", "Bob": "requested", "Cid": "asked_you"}
    friend_request_accept(user_id=me.pk, from_id=cid.pk)
    assert buttons(client, game.pk)["Cid"] == "friends"
    account_block(user_id=bob.pk)
    assert buttons(client, game.pk)["Bob"] == ""
    # a reader who did not play (a public table's record) gets a button for every person
    game, _ = finished_game_store([bob, cid, me, None], seed="friends-2")
    client.force_login(dee)
    html = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert html.count('data-state="none"') == 2  # Cid and me; Bob is blocked


def test_adding_a_friend_from_the_record_comes_back_to_it(client, make_player):
    me, bob = make_player("Me"), make_player("Bob")
    game, _ = finished_game_store([me, None, bob, None], seed="friends-3")
    client.force_login(me)
    record = reverse("games:record", args=[game.pk])
    html = client.get(record).content.decode()
    assert f'name="next" value="{record}"' in html
    response = client.post(
        reverse("games:friend_request_send", args=[bob.pk]), {"next": record}, follow=True
    )
    assert response.redirect_chain == [(record, 302)]
    assert buttons(client, game.pk)["Bob"] == "requested"
