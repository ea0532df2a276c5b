"""The lobby and table pages: thin views over the services, with clear messages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.engine import RuleOptions
from games.live.services.chat import chat_post
from games.models import Game, Seat
from games.moderation.services.reports import report_create
from games.selectors import engine_game
from games.tables.models import Invitation, QueueEntry
from games.tables.services.tables import table_create

pytestmark = pytest.mark.django_db


def test_pages_of_play_need_a_logged_in_player(client):
    response = client.get(reverse("games:lobby"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


def test_play_now_seats_me_with_three_computers_and_shows_the_table(client, make_player):
    me = make_player("Ann")
    client.force_login(me)
    response = client.post(reverse("games:quick_play_now"))
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert Seat.objects.filter(game=game, user__isnull=True).count() == 3
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert b'id="table-state"' in page.content
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "Return to table" in lobby


def test_the_table_page_shows_only_my_own_hand(client, started_table):
    game, players = started_table()
    client.force_login(players[1])
    body = client.get(reverse("games:table", args=[game.pk])).content.decode()
    hands = engine_game(game).state().hand.hands
    for card in hands[1]:
        assert f'"{card}"' in body
    for seat in (0, 2, 3):
        for card in hands[seat]:
            assert f'"{card}"' not in body, f"seat {seat}'s {card} is on seat 1's page"


def test_a_stranger_gets_not_found_for_a_table(client, started_table, make_player):
    game, _ = started_table()
    client.force_login(make_player())
    assert client.get(reverse("games:table", args=[game.pk])).status_code == 404


def test_joining_the_queue_shows_me_waiting(client, make_player):
    me = make_player()
    client.force_login(me)
    client.post(reverse("games:quick_play"))
    assert QueueEntry.objects.filter(user=me).exists()
    assert "1</strong> of 4 waiting" in client.get(reverse("games:lobby")).content.decode()
    status = client.get(reverse("games:lobby_status")).json()
    assert status.pop("online") >= 1  # me at least (the lobby's life: games.live.services.presence)
    assert status == {
        "table_url": None,
        "queue_position": 1,
        "queue_variant": "standard",
        "waiting": {"standard": 1, "two_handed": 0, "three_handed": 0, "call_ace": 0},
        "partners": "sent:;received:;with:",  # no invitation to queue as partners, no partner
    }


def test_a_private_table_is_opened_with_the_chosen_rules(client, make_player):
    client.force_login(make_player())
    response = client.post(
        reverse("games:table_new"),
        {"going_under": "on", "stick_the_dealer": "on", "target_score": "7"},
    )
    game = Game.objects.get()
    assert response["Location"] == reverse("games:table", args=[game.pk])
    rules = RuleOptions.from_dict(game.rules)
    assert (rules.going_under, rules.stick_the_dealer, rules.target_score) == (True, True, 7)
    assert rules.defend_alone is False


def test_a_friend_invited_by_name_finds_the_table_and_joins_by_its_link(client, make_player):
    host, friend = make_player("Host"), make_player("Friend")
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    client.force_login(host)
    client.post(reverse("games:invite", args=[game.pk]), {"name": "friend"})
    assert Invitation.objects.filter(game=game, user=friend).exists()
    client.force_login(friend)
    lobby = client.get(reverse("games:lobby")).content.decode()
    join_url = reverse("games:join", args=[game.invite_token])
    assert join_url in lobby
    response = client.post(join_url)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    assert Seat.objects.filter(game=game, user=friend).exists()


def test_inviting_an_unknown_name_says_so(client, make_player):
    host = make_player()
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    client.force_login(host)
    response = client.post(
        reverse("games:invite", args=[game.pk]), {"name": "Nobody Here"}, follow=True
    )
    assert "No player is called" in response.content.decode()
    assert not Invitation.objects.exists()


def test_inviting_by_e_mail_answers_alike_for_every_address(client, make_player):
    """The invitation form must not tell whether an address has an account, nor whose it is:
    it takes display names only."""
    host, friend = make_player("Host"), make_player("Secretive")
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    client.force_login(host)

    def answer(name: str) -> str:
        response = client.post(reverse("games:invite", args=[game.pk]), {"name": name}, follow=True)
        assert response.status_code == 200
        return " ".join(re.findall(r'<li class="message [^"]*">(.*?)</li>', response.text))

    client.get(reverse("games:lobby"))  # the day's silver is announced first
    known, unknown = answer(friend.email), answer("no.account@example.com")
    assert known == unknown
    assert "display name" in known
    assert friend.display_name not in known
    assert answer(friend.email.upper()) == unknown
    assert not Invitation.objects.exists()


def test_cancelling_frees_me_for_a_new_game_at_once(client, started_table):
    game, players = started_table()
    client.force_login(players[0])
    response = client.post(reverse("games:cancel", args=[game.pk]), follow=True)
    assert "forfeit" in response.content.decode()
    assert client.post(reverse("games:quick_play_now")).status_code == 302
    assert Seat.objects.filter(user=players[0], in_play=True).exclude(game=game).exists()


def test_a_report_from_the_table_answers_json(client, started_table):
    game, players = started_table()
    client.force_login(players[0])
    url = reverse("games:report", args=[game.pk])
    ok = client.post(url, {"seat": 1, "reason": "abuse", "details": "rude"})
    assert ok.status_code == 200 and ok.json()["ok"] is True
    again = client.post(url, {"seat": 1, "reason": "abuse"})
    assert again.status_code == 400 and "already reported" in again.json()["message"]
    assert client.post(url, {"seat": 9, "reason": "abuse"}).status_code == 400


def test_staff_read_a_report_with_its_chat_in_the_admin(client, started_table, make_player):
    game, players = started_table()
    chat_post(game_id=game.pk, user_id=players[2].pk, text="I hold the right bower")
    report = report_create(reporter_id=players[1].pk, game_id=game.pk, seat=2, reason="cheating")
    staff = make_player("Staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    listing = client.get(reverse("admin:games_abusereport_changelist")).content.decode()
    assert players[2].get_short_name() in listing
    page = client.get(reverse("admin:games_abusereport_change", args=[report.pk]))
    assert "I hold the right bower" in page.content.decode()
