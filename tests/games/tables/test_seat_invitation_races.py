"""Invitations into an open seat at the same moment, in real transactions on two connections
(the first holds its transaction open until the second is seen waiting for a lock): two
friends accepting the last open seat, an accept racing the friend's sitting down elsewhere,
and a double click. Each must end as if they had come one after the other; and what the
players' pages are told, through the real channel layer."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, connection, transaction

from games.engine import RuleOptions
from games.models import Game, Seat
from games.presence.services import site_group
from games.tables.models import SeatInvitation
from games.tables.services import seat_invitations
from games.tables.services.seat_invitations import seat_invitation_accept, seat_invite
from games.tables.services.tables import TableError, seat_take, table_create
from tests.accounts.friends.concurrently import one_after_the_other
from tests.accounts.friends.pairs import befriend

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

Status = SeatInvitation.Status


def open_table(host) -> Game:
    return table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())


def test_two_friends_accepting_the_last_seat_one_sits(make_player):
    hana, finn, kim = make_player("Hana"), make_player("Finn"), make_player("Kim")
    befriend(hana, finn)
    befriend(hana, kim)
    game = open_table(hana)
    for _ in range(2):
        seat_take(game_id=game.pk, user_id=make_player().pk)  # one empty seat left
    finns = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    kims = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=kim.pk)

    outcome = one_after_the_other(
        lambda: seat_invitation_accept(invitation_id=finns.pk, user_id=finn.pk),
        lambda: seat_invitation_accept(invitation_id=kims.pk, user_id=kim.pk),
    )
    assert outcome["first"] == game
    second = outcome["second"]
    assert isinstance(second, TableError), second
    # the first's accept ended Kim's invitation as the last seat went: she is told it no
    # longer stands (had she come before that, "Someone took the last free seat")
    assert second.code in ("ended", "table_full"), second.code
    assert not Seat.objects.filter(game=game, user__isnull=True).exists()
    assert Seat.objects.filter(game=game, user=finn).exists()
    assert not Seat.objects.filter(user=kim).exists()
    assert dict(SeatInvitation.objects.values_list("to_user_id", "status")) == {
        finn.pk: Status.ACCEPTED,
        kim.pk: Status.ENDED,
    }


@pytest.mark.parametrize("sitting_first", [True, False])
def test_an_accept_against_sitting_down_elsewhere_keeps_one_game(make_player, sitting_first):
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    game = open_table(hana)
    elsewhere = open_table(make_player("Eve"))
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)

    def accept():
        return seat_invitation_accept(invitation_id=invitation.pk, user_id=finn.pk)

    def sit():
        return seat_take(game_id=elsewhere.pk, user_id=finn.pk)

    outcome = (
        one_after_the_other(sit, accept) if sitting_first else one_after_the_other(accept, sit)
    )
    seats = list(Seat.objects.filter(user=finn).values_list("game_id", flat=True))
    second = outcome["second"]
    assert isinstance(second, TableError) and second.code == "already_playing", second
    invitation.refresh_from_db()
    if sitting_first:
        assert seats == [elsewhere.pk]
        assert invitation.status == Status.ENDED
    else:
        assert seats == [game.pk]
        assert invitation.status == Status.ACCEPTED


def test_a_double_click_on_accept_seats_once(make_player):
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    game = open_table(hana)
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)

    def accept():
        return seat_invitation_accept(invitation_id=invitation.pk, user_id=finn.pk)

    outcome = one_after_the_other(accept, accept)
    assert outcome == {"first": game, "second": game}
    assert Seat.objects.filter(user=finn).count() == 1


async def drain(layer, channel: str, inbox: asyncio.Queue) -> None:
    """A channel's messages into a queue (a cancelled receive would leave its groups)."""
    while True:
        inbox.put_nowait(await layer.receive(channel))


def closing(act):
    """`act`, then its thread's database connection closed (the test's teardown waits for
    none)."""

    def run():
        try:
            return act()
        finally:
            connection.close()

    return run


def test_the_friend_and_the_host_are_told_live(make_player):
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    game = open_table(hana)

    async def listen(user_ids, act):
        """What each player's site group heard while `act` ran (in a thread of its own)."""
        layer = get_channel_layer()
        inboxes, drains = {}, []
        for user_id in user_ids:
            channel = await layer.new_channel()
            await layer.group_add(site_group(user_id), channel)
            inboxes[user_id] = asyncio.Queue()
            drains.append(asyncio.create_task(drain(layer, channel, inboxes[user_id])))
        await asyncio.to_thread(closing(act))
        await asyncio.sleep(0.5)
        for task in drains:
            task.cancel()
        heard = {}
        for user_id, inbox in inboxes.items():
            heard[user_id] = []
            while not inbox.empty():
                message = inbox.get_nowait()
                if message["type"] == "site.message":
                    heard[user_id].append(message["event"])
        return heard

    made = {}

    def invite():
        made["invitation"] = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)

    heard = async_to_sync(listen)([hana.pk, finn.pk], invite)
    invitation = made["invitation"]
    assert heard[hana.pk] == []
    (offer,) = heard[finn.pk]
    assert offer["type"] == "seat_invite" and offer["action"] == "offer"
    assert (offer["id"], offer["from"], offer["game"]) == (invitation.pk, "Hana", game.pk)
    assert 170 <= offer["seconds_left"] <= 180
    assert offer["accept_url"].endswith(f"/seat-invitations/{invitation.pk}/accept/")

    heard = async_to_sync(listen)(
        [hana.pk, finn.pk],
        lambda: seat_invitation_accept(invitation_id=invitation.pk, user_id=finn.pk),
    )
    assert [event["action"] for event in heard[finn.pk]] == ["gone"]  # every prompt closes
    (answered,) = heard[hana.pk]
    assert answered["action"] == "answered" and answered["text"] == "Finn accepted and took a seat."


def test_a_double_click_on_invite_makes_one_invitation(make_player):
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    game = open_table(hana)

    def invite():
        return seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)

    outcome = one_after_the_other(invite, invite)
    assert isinstance(outcome["first"], SeatInvitation)
    second = outcome["second"]
    assert isinstance(second, TableError) and second.code == "already_invited", second
    assert SeatInvitation.objects.count() == 1


def test_control_without_the_locks_a_double_click_on_invite_meets_the_index(
    make_player, monkeypatch
):
    """The race above is real: without the players' locks and the game's row lock, the second
    invite gets past every check and only the database's unique index stops it (an error
    page, not a message)."""
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    game = open_table(hana)
    monkeypatch.setattr(seat_invitations, "players_serialized", lambda ids: transaction.atomic())
    monkeypatch.setattr(seat_invitations, "game_locked", lambda pk: Game.objects.get(pk=pk))

    def invite():
        return seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)

    outcome = one_after_the_other(invite, invite)
    assert isinstance(outcome["first"], SeatInvitation)
    assert isinstance(outcome["second"], IntegrityError), outcome["second"]
    assert SeatInvitation.objects.count() == 1
