"""Chat mutes: a player hides another player's chat from themselves only, live and in the history
a socket gets on connect, in every tab at once; the mutes page lists them with Unmute."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.live.models import ChatMute
from games.live.services.chat import chat_post
from games.live.services.mutes import MuteRefused, chat_mute, chat_mute_seat, chat_unmute

from .sockets import join, receive, run, send, table_socket


async def next_chat(socket) -> dict:
    """The next chat frame, skipping state frames."""
    for _ in range(10):
        frame = await receive(socket)
        if frame["type"] == "chat":
            return frame
    raise AssertionError("no chat frame")


def texts(frame: dict) -> list[str]:
    return [line["text"] for line in frame["messages"]]


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_mute_hides_the_players_lines_live_and_in_history_for_the_muter_only_in_every_tab(
    started_table, redis_client
):
    game, players = started_table()
    muter, loud, third = players[0], players[2], players[3]
    chat_post(game_id=game.pk, user_id=loud.pk, text="before the mute")

    async def scenario():
        tabs = [await table_socket(game.pk, muter) for _ in range(2)]
        others = [await table_socket(game.pk, loud), await table_socket(game.pk, third)]
        for socket in [*tabs, *others]:
            await join(socket)

        await send(tabs[0], {"type": "mute", "seat": 2, "version": 0})
        for tab in tabs:  # both tabs reload the chat without the muted player's lines
            history = await next_chat(tab)
            assert history["history"] is True
            assert history["muted_seats"] == [2]
            assert texts(history) == []
            # seats only: no user ids or e-mail addresses reach the page
            assert set(history) == {"type", "version", "history", "muted_seats", "messages"}

        await send(others[0], {"type": "chat", "text": "you cannot hear me", "version": 0})
        heard = await next_chat(others[1])  # the third player
        assert texts(heard) == ["you cannot hear me"]
        assert set(heard["messages"][0]) == {"id", "seat", "name", "text", "at"}
        assert texts(await next_chat(others[0])) == ["you cannot hear me"]  # and its writer
        await send(others[1], {"type": "chat", "text": "but you hear me", "version": 0})
        for tab in tabs:  # the next line a tab gets is the third player's: the other was left out
            assert texts(await next_chat(tab)) == ["but you hear me"]

        late = await table_socket(game.pk, muter)
        await late.connect(timeout=10)
        await receive(late)  # the state
        history = await receive(late)
        assert texts(history) == ["but you hear me"]
        assert history["muted_seats"] == [2]

        await send(tabs[1], {"type": "unmute", "seat": 2, "version": 0})
        for tab in [*tabs, late]:
            history = await next_chat(tab)
            assert history["muted_seats"] == []
            assert texts(history) == [
                "before the mute",
                "you cannot hear me",
                "but you hear me",
            ]
        for socket in [*tabs, *others, late]:
            await socket.disconnect()

    run(scenario)
    # the lines were stored all along: staff see them in reports
    assert ChatMute.objects.count() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "mute", "seat": 0, "version": 0}, "self"),
        ({"type": "mute", "seat": "2", "version": 0}, "bad_message"),
        ({"type": "mute", "seat": 7, "version": 0}, "bad_message"),
        ({"type": "unmute", "version": 0}, "bad_message"),
    ],
)
def test_a_mute_message_that_makes_no_sense_gets_a_clear_error(
    started_table, redis_client, message, code
):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[0])
        await join(socket)
        await send(socket, message)
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == code
        assert error["message"]
        await socket.disconnect()

    run(scenario)
    assert not ChatMute.objects.exists()


@pytest.mark.django_db
def test_muting_is_once_per_pair_and_never_oneself(make_player):
    me, them = make_player(), make_player()
    assert chat_mute(user_id=me.pk, muted_id=them.pk) is True
    assert chat_mute(user_id=me.pk, muted_id=them.pk) is False
    assert ChatMute.objects.filter(user=me, muted=them).count() == 1
    with pytest.raises(MuteRefused) as refused:
        chat_mute(user_id=me.pk, muted_id=me.pk)
    assert refused.value.code == "self"
    assert chat_unmute(user_id=me.pk, muted_id=them.pk) is True
    assert chat_unmute(user_id=me.pk, muted_id=them.pk) is False


@pytest.mark.django_db
def test_only_players_at_the_table_mute_by_seat_and_only_people(started_table, make_player):
    game, players = started_table()
    with pytest.raises(MuteRefused) as refused:
        chat_mute_seat(user_id=make_player().pk, game_id=game.pk, seat=1)
    assert refused.value.code == "not_seated"
    assert chat_mute_seat(user_id=players[0].pk, game_id=game.pk, seat=1) is True
    assert ChatMute.objects.get().muted == players[1]


@pytest.mark.django_db
def test_the_mutes_page_lists_whom_i_muted_and_unmutes(client, make_player):
    me, loud, quiet, stranger = make_player("Me"), make_player("Loud"), make_player(), make_player()
    chat_mute(user_id=me.pk, muted_id=loud.pk)
    chat_mute(user_id=stranger.pk, muted_id=quiet.pk)  # someone else's mute
    client.force_login(me)

    page = client.get(reverse("games:mutes")).content.decode()
    assert "Loud" in page and quiet.get_short_name() not in page
    assert loud.email not in page
    mute = ChatMute.objects.get(user=me)
    assert reverse("games:unmute", args=[mute.pk]) in page

    # someone else's mute cannot be lifted from my page
    other = ChatMute.objects.get(user=stranger)
    assert client.post(reverse("games:unmute", args=[other.pk])).status_code == 404
    response = client.post(reverse("games:unmute", args=[mute.pk]))
    assert response.status_code == 302
    assert not ChatMute.objects.filter(user=me).exists()
    assert ChatMute.objects.filter(user=stranger).exists()
    after = client.get(reverse("games:mutes")).content.decode()
    assert "You see Loud" in after and "You have not muted anyone" in after


def test_the_mutes_page_needs_a_logged_in_player(client, db):
    response = client.get(reverse("games:mutes"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
