"""Invitations into an open seat (issue 54): the host of a table waiting to start asks a
friend, live; the friend accepts (and sits) or declines; it expires, or ends when the table
starts or fills or the friend sits down elsewhere. Every refusal says why and leaves nothing
behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Notification, NotificationKind
from games.engine import RuleOptions
from games.models import Game, Seat
from games.tables.models import SeatInvitation
from games.tables.services.seat_invitations import (
    seat_invitation_accept,
    seat_invitation_decline,
    seat_invitations_end_stale,
    seat_invite,
)
from games.tables.services.tables import TableError, seat_take, table_create, table_start
from tests.accounts.friends.pairs import befriend

pytestmark = pytest.mark.django_db

Status = SeatInvitation.Status


def open_table(host) -> Game:
    return table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())


@pytest.fixture
def host_and_friend(make_player):
    """Hana, at her private table waiting to start, and her friend Finn."""
    hana, finn = make_player("Hana"), make_player("Finn")
    befriend(hana, finn)
    return open_table(hana), hana, finn


def refusal(call, **kwargs) -> TableError:
    with pytest.raises(TableError) as refused:
        call(**kwargs)
    return refused.value


def invitations_told(user) -> list[str]:
    return list(
        Notification.objects.filter(
            recipient=user, kind=NotificationKind.TABLE_INVITATION
        ).values_list("link", flat=True)
    )


def test_the_friend_accepts_and_sits_at_the_table(host_and_friend):
    game, hana, finn = host_and_friend
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    assert invitation.status == Status.WAITING
    assert invitations_told(finn) == [reverse("games:seat_invitation", args=[invitation.pk])]

    assert seat_invitation_accept(invitation_id=invitation.pk, user_id=finn.pk) == game
    assert Seat.objects.get(game=game, user=finn).in_play
    invitation.refresh_from_db()
    assert invitation.status == Status.ACCEPTED and invitation.ended_at is not None
    assert invitations_told(finn) == []  # the notification went with it
    # a double click (the second answer after the first) is the table again, one seat
    assert seat_invitation_accept(invitation_id=invitation.pk, user_id=finn.pk) == game
    assert Seat.objects.filter(user=finn).count() == 1


def test_the_friend_declines(host_and_friend):
    game, hana, finn = host_and_friend
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    seat_invitation_decline(invitation_id=invitation.pk, user_id=finn.pk)
    seat_invitation_decline(invitation_id=invitation.pk, user_id=finn.pk)  # twice: no error
    invitation.refresh_from_db()
    assert invitation.status == Status.DECLINED
    late = refusal(seat_invitation_accept, invitation_id=invitation.pk, user_id=finn.pk)
    assert late.code == "declined" and "declined" in late.message
    assert not Seat.objects.filter(user=finn).exists()
    # declined, she may ask again
    again = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    assert again.pk != invitation.pk and again.status == Status.WAITING


def test_bad_invitations_are_refused_and_leave_nothing(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    stranger, busy = make_player("Sam"), make_player("Bea")
    befriend(hana, busy)
    open_table(busy)  # Bea sits at a table of her own
    guest = make_player("Gus")
    befriend(hana, guest)
    seat_take(game_id=game.pk, user_id=guest.pk)
    cases = [
        (stranger.pk, hana, "not_friends", "Sam is not your friend"),
        (hana.pk, hana, "self", "You are at this table already"),
        (busy.pk, hana, "friend_busy", "Bea is at another table now"),
        (guest.pk, hana, "friend_seated", "Gus has a seat at this table already"),
        (finn.pk, guest, "not_creator", "Only the player who opened the table can invite"),
        (10**9, hana, "no_player", "There is no such player"),
    ]
    for friend_id, inviter, code, words in cases:
        refused = refusal(seat_invite, game_id=game.pk, user_id=inviter.pk, friend_id=friend_id)
        assert (refused.code, words in refused.message) == (code, True), refused.message
    assert not SeatInvitation.objects.exists()
    assert not Notification.objects.filter(kind=NotificationKind.TABLE_INVITATION).exists()


def test_twice_a_full_table_and_a_started_one_are_refused(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    twice = refusal(seat_invite, game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    assert twice.code == "already_invited" and "wait for their answer" in twice.message
    assert SeatInvitation.objects.count() == 1

    others = [make_player() for _ in range(3)]
    for other in others:
        befriend(hana, other)
    for other in others[:2]:
        seat_take(game_id=game.pk, user_id=other.pk)
    third = make_player("Tia")
    befriend(hana, third)
    seat_take(game_id=game.pk, user_id=others[2].pk)  # the last empty seat
    full = refusal(seat_invite, game_id=game.pk, user_id=hana.pk, friend_id=third.pk)
    assert full.code == "table_full" and "Every seat" in full.message

    started = open_table(third)
    table_start(game_id=started.pk, user_id=third.pk)
    late = make_player("Lou")
    befriend(third, late)
    refused = refusal(seat_invite, game_id=started.pk, user_id=third.pk, friend_id=late.pk)
    assert refused.code == "not_open" and "waiting to start" in refused.message
    assert SeatInvitation.objects.count() == 1


def test_an_answer_after_expiry_or_by_another_player_is_refused(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    other = make_player("Oli")
    for call in (seat_invitation_accept, seat_invitation_decline):
        refused = refusal(call, invitation_id=invitation.pk, user_id=other.pk)
        assert refused.code == "no_invitation"
    assert not Seat.objects.filter(user=other).exists()

    SeatInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    expired = refusal(seat_invitation_accept, invitation_id=invitation.pk, user_id=finn.pk)
    assert expired.code == "expired" and "ask Hana to invite you again" in expired.message
    invitation.refresh_from_db()
    assert invitation.status == Status.EXPIRED  # ended at once, though the sweeper came later
    assert not Seat.objects.filter(user=finn).exists()
    assert invitations_told(finn) == []
    # and the host may ask again
    assert seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk).status == "waiting"


def test_an_accept_after_sitting_down_elsewhere_ends_the_invitation(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    invitation = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    elsewhere = open_table(make_player("Eve"))
    seat_take(game_id=elsewhere.pk, user_id=finn.pk)
    refused = refusal(seat_invitation_accept, invitation_id=invitation.pk, user_id=finn.pk)
    assert refused.code == "already_playing"
    invitation.refresh_from_db()
    assert invitation.status == Status.ENDED
    assert list(Seat.objects.filter(user=finn).values_list("game_id", flat=True)) == [elsewhere.pk]


def test_the_sweeper_ends_what_no_longer_stands_once(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    kim, lea = make_player("Kim"), make_player("Lea")
    for friend in (kim, lea):
        befriend(hana, friend)
    unanswered = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    sat_elsewhere = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=kim.pk)
    still_fine = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=lea.pk)
    SeatInvitation.objects.filter(pk=unanswered.pk).update(expires_at=timezone.now())
    seat_take(game_id=open_table(make_player()).pk, user_id=kim.pk)

    assert seat_invitations_end_stale() == 2
    assert seat_invitations_end_stale() == 0  # idempotent
    statuses = dict(SeatInvitation.objects.values_list("pk", "status"))
    assert statuses == {
        unanswered.pk: Status.EXPIRED,
        sat_elsewhere.pk: Status.ENDED,
        still_fine.pk: Status.WAITING,
    }
    table_start(game_id=game.pk, user_id=hana.pk)
    assert seat_invitations_end_stale() == 1
    assert SeatInvitation.objects.get(pk=still_fine.pk).status == Status.ENDED
    assert invitations_told(lea) == []


def test_the_last_seat_taken_ends_the_other_invitations(host_and_friend, make_player):
    game, hana, finn = host_and_friend
    for _ in range(2):
        seat_take(game_id=game.pk, user_id=make_player().pk)  # one empty seat left
    kim = make_player("Kim")
    befriend(hana, kim)
    first = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=finn.pk)
    second = seat_invite(game_id=game.pk, user_id=hana.pk, friend_id=kim.pk)
    seat_invitation_accept(invitation_id=first.pk, user_id=finn.pk)
    second.refresh_from_db()
    assert second.status == Status.ENDED
    refused = refusal(seat_invitation_accept, invitation_id=second.pk, user_id=kim.pk)
    assert refused.code == "ended" and "no longer stands" in refused.message
    assert not Seat.objects.filter(user=kim).exists()


def test_the_waiting_room_offers_friends_and_the_prompt_answers(client, host_and_friend):
    game, hana, finn = host_and_friend
    client.force_login(hana)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert 'id="seat-invite-friend"' in page and f'value="{finn.pk}">Finn' in page
    answer = client.post(reverse("games:seat_invite", args=[game.pk]), {"friend": finn.pk})
    assert answer.status_code == 302
    invitation = SeatInvitation.objects.get()
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Finn: waiting for an answer" in page

    client.force_login(finn)
    shown = client.get(reverse("games:seat_invitation", args=[invitation.pk]))
    assert "Hana invites you to a seat" in shown.content.decode()
    url = reverse("games:seat_invitation_accept", args=[invitation.pk])
    reply = client.post(url, HTTP_ACCEPT="application/json")
    assert reply.json() == {"table_url": reverse("games:table", args=[game.pk])}
    reply = client.post(reverse("games:seat_invitation_decline", args=[invitation.pk]),
                        HTTP_ACCEPT="application/json")  # fmt: skip
    assert reply.status_code == 409 and reply.json()["code"] == "accepted"
