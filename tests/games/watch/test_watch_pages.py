"""Who may watch which table (games.watch.selectors), the watch page, the lobby's life (tables
being played now, people online, waiting, the rules) and the Watch link on a profile."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games.engine import RuleOptions
from games.models import Game
from games.selectors import engine_game
from games.tables.models import Invitation
from games.tables.services.quick_play import queue_play_now
from games.tables.services.tables import table_create
from games.watch.selectors import (
    LEAGUE_ONLY,
    NOT_STARTED,
    PRIVATE_ONLY,
    Access,
    live_games_to_watch,
    watch_access,
)

pytestmark = [pytest.mark.django_db, pytest.mark.services]


@pytest.fixture
def public_game(make_player):
    """A quick-play table being played: a person and three computers."""
    player = make_player("Quick")
    game = queue_play_now(user_id=player.pk)
    game.refresh_from_db()
    assert (game.kind, game.status) == (Game.Kind.PUBLIC, Game.Status.PLAYING)
    return game, player


def access(game: Game, user) -> Access:
    return watch_access(game=game, user_id=user.pk).access


def test_any_signed_in_player_may_watch_a_public_table_but_not_its_own_players(
    public_game, make_player
):
    game, player = public_game
    assert access(game, make_player()) is Access.WATCH
    assert access(game, player) is Access.PLAYER
    blocked = make_player("Blocked", is_active=False)
    assert access(game, blocked) is Access.REFUSED


def test_a_private_table_is_watched_by_its_invited_players_only(started_table, make_player):
    game, players = started_table()
    stranger, invited = make_player(), make_player()
    Invitation.objects.create(game=game, user=invited)
    refused = watch_access(game=game, user_id=stranger.pk)
    assert (refused.access, refused.message) == (Access.REFUSED, PRIVATE_ONLY)
    assert access(game, invited) is Access.WATCH
    assert access(game, players[3]) is Access.PLAYER


def test_a_table_waiting_for_players_is_not_watched(make_player):
    creator = make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PUBLIC, rules=RuleOptions())
    refused = watch_access(game=game, user_id=make_player().pk)
    assert (refused.access, refused.message) == (Access.REFUSED, NOT_STARTED)


def test_a_league_table_is_refused_to_a_player_outside_the_league(make_player):
    creator = make_player()
    game = table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    Game.objects.filter(pk=game.pk).update(kind=Game.Kind.LEAGUE, status=Game.Status.PLAYING)
    game.refresh_from_db()
    refused = watch_access(game=game, user_id=make_player().pk)
    assert (refused.access, refused.message) == (Access.REFUSED, LEAGUE_ONLY)


# ---- the watch page ---------------------------------------------------------------------------


def embedded_state(response) -> dict:
    found = re.search(
        r'<script id="table-state" type="application/json">(.*?)</script>',
        response.content.decode(),
        re.S,
    )
    return json.loads(found.group(1))


def test_the_watch_page_draws_the_table_read_only_with_no_hidden_card(
    client, public_game, make_player
):
    game, _player = public_game
    client.force_login(make_player())
    response = client.get(reverse("games:watch", args=[game.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="watching-banner"' in page and 'data-watching="1"' in page
    assert f'data-socket-path="/ws/tables/{game.pk}/watch/"' in page
    for control in ('id="chat-form"', 'id="my-hand"', 'id="actions"', 'id="cancel-form"'):
        assert control not in page
    assert 'id="chat-log"' in page  # the chat is read
    state = embedded_state(response)
    assert state["watching"] and state["my_seat"] is None and state["view"]["hand"] == []
    hands = engine_game(game).state().hand.hands
    held = {card for cards in hands for card in cards} - {engine_game(game).state().hand.upcard}
    text = json.dumps({**state, "view": {**state["view"], "history": [], "dealer_draw": []}})
    assert not [card for card in held if f'"{card}"' in text]


def test_a_player_opening_the_watch_page_of_their_table_gets_the_table(client, public_game):
    game, player = public_game
    client.force_login(player)
    response = client.get(reverse("games:watch", args=[game.pk]))
    assert response.status_code == 302 and response["Location"] == reverse(
        "games:table", args=[game.pk]
    )


def test_a_stranger_gets_the_403_page_for_a_private_table(client, started_table, make_player):
    game, _players = started_table()
    client.force_login(make_player())
    response = client.get(reverse("games:watch", args=[game.pk]))
    assert response.status_code == 403
    page = response.content.decode()
    assert PRIVATE_ONLY in page and 'id="watch-refused"' in page
    assert "<header" in page  # the site's own look (base.html)


def test_an_anonymous_visitor_is_sent_to_log_in(client, public_game):
    game, _player = public_game
    response = client.get(reverse("games:watch", args=[game.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


# ---- the lobby's life, the rules, a profile -----------------------------------------------------


def test_the_lobby_lists_the_tables_i_may_watch_people_online_and_the_rules(
    client, public_game, started_table, make_player
):
    game, player = public_game
    private, _players = started_table()
    me = make_player("Looker")
    client.force_login(me)
    response = client.get(reverse("games:lobby"))
    page = response.content.decode()
    assert 'id="live-now"' in page
    assert reverse("games:watch", args=[game.pk]) in page
    assert reverse("games:watch", args=[private.pk]) not in page  # not invited
    assert player.display_name in page and "Standard Euchre" in page
    online = re.search(r"<strong data-online>(\d+)</strong>", page)
    assert online and int(online.group(1)) >= 1  # me, at least: I just opened the lobby
    assert reverse("games:rules") in page
    status = client.get(reverse("games:lobby_status")).json()
    assert status["online"] >= 1
    # invited now: it is listed too
    Invitation.objects.create(game=private, user=me)
    assert private.pk in [table.pk for table in live_games_to_watch(user_id=me.pk)]


def test_a_player_does_not_see_their_own_game_among_those_to_watch(public_game):
    game, player = public_game
    assert game.pk not in [table.pk for table in live_games_to_watch(user_id=player.pk)]


def test_the_rules_page_is_open_to_everyone(client):
    response = client.get(reverse("games:rules"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "How to play Euchre" in page and "right bower" in page and "Stick the dealer" in page


def test_a_profile_shows_watch_on_the_players_live_game_when_i_may_watch(
    client, public_game, started_table, make_player
):
    game, player = public_game
    _private, players = started_table()
    client.force_login(make_player())
    page = client.get(reverse("rankings:profile", args=[player.pk])).content.decode()
    assert 'id="live-game"' in page and reverse("games:watch", args=[game.pk]) in page
    page = client.get(reverse("rankings:profile", args=[players[1].pk])).content.decode()
    assert 'id="live-game"' not in page  # a private table I was not invited to
