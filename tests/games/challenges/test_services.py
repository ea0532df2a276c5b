"""Challenges (issue 54): sent to a friend (or anyone whose setting allows it), accepted into a
started private table paid for once, declined, withdrawn or expired with nothing paid. Every
refusal says why and leaves nothing half-made: no table, no coins, no notification."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from accounts.models import Notification, NotificationKind, User
from economy.models import LedgerEntry, Wallet
from games.challenges.models import Challenge, ChallengeStatus
from games.challenges.services.answers import (
    challenge_accept,
    challenge_cancel,
    challenge_decline,
    challenges_expire,
)
from games.challenges.services.send import challenge_send
from games.engine import RuleOptions, preset_rules
from games.models import Game, Seat
from games.presence.services import site_group
from games.tables.models import QueueEntry
from games.tables.services.tables import TableError, seat_take, table_create
from games.tasks import sweep_stalled_games
from tests.accounts.friends.pairs import befriend

from .conftest import EVERYONE, NOBODY, spent

pytestmark = pytest.mark.django_db

GAME, TABLE = LedgerEntry.Reason.GAME, LedgerEntry.Reason.PRIVATE_TABLE


def challenge_notices(user: User) -> list[str]:
    return list(
        Notification.objects.filter(
            recipient=user, kind=NotificationKind.TABLE_INVITATION, source__startswith="challenge:"
        ).values_list("text", flat=True)
    )


def refused(code: str, call: Callable[[], object]) -> TableError:
    with pytest.raises(TableError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    return caught.value


@pytest.fixture
def heard(django_capture_on_commit_callbacks):
    """`heard(players, change)`: runs `change` and commits, and returns the site events each
    player's pages were told (a real channel layer on Redis)."""

    def listen(players: list[User], change: Callable[[], object]) -> dict[str, list[dict]]:
        async def scenario() -> dict[str, list[dict]]:
            layer = get_channel_layer()
            channels = {}
            for person in players:
                channels[person.pk] = await layer.new_channel()
                await layer.group_add(site_group(person.pk), channels[person.pk])

            def committed() -> None:
                with django_capture_on_commit_callbacks(execute=True):
                    change()

            await sync_to_async(committed)()
            told: dict[str, list[dict]] = {}
            for person in players:
                told[person.display_name] = []
                while True:
                    try:
                        message = await asyncio.wait_for(layer.receive(channels[person.pk]), 0.5)
                    except TimeoutError:
                        break
                    told[person.display_name].append(message["event"])
                await layer.group_discard(site_group(person.pk), channels[person.pk])
            return told

        return async_to_sync(scenario)()

    return listen


def test_a_challenge_is_told_live_and_notified_and_costs_nothing(
    friends, challenge, heard, mailoutbox
):
    ann, bob = friends
    told = heard([ann, bob], challenge)
    sent = Challenge.objects.get()
    assert sent.status == ChallengeStatus.PENDING and sent.game is None
    assert told["Ann"] == []
    [prompt] = told["Bob"]
    assert prompt["type"] == "challenge" and prompt["state"] == "pending"
    assert prompt["from"] == "Ann" and prompt["id"] == sent.pk
    assert prompt["game"] == "Three-handed, to 10, against them, 1 easy computer"
    assert prompt["accept_url"] == f"/challenges/{sent.pk}/accept/"
    assert challenge_notices(bob) == [
        "Ann challenges you: Three-handed, to 10, against them, 1 easy computer."
    ]
    [mail] = mailoutbox  # his notification setting: e-mails on, the default
    assert mail.to == [bob.email] and "Ann challenges you" in mail.body
    assert f"/challenges/{sent.pk}/" in mail.body
    assert spent(ann, bob) == [] and not Game.objects.exists()


def test_no_e_mail_for_a_player_who_turned_them_off(friends, challenge, heard, mailoutbox):
    ann, bob = friends
    User.objects.filter(pk=bob.pk).update(notification_emails=False)
    heard([ann, bob], challenge)
    assert mailoutbox == [] and len(challenge_notices(bob)) == 1


def test_accepting_starts_the_table_and_charges_it_once(friends, challenge, heard):
    ann, bob = friends
    sent = challenge()
    told = heard([ann, bob], lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    game = Game.objects.get()
    assert (game.kind, game.status, game.variant) == ("private", "playing", "three_handed")
    assert game.created_by == ann and game.computer_level == "easy"
    assert [(seat.position, seat.user_id) for seat in game.seats.order_by("position")] == [
        (0, ann.pk),
        (1, bob.pk),
        (2, None),
    ]
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.ACCEPTED and sent.game == game
    assert sorted(spent(ann, bob)) == [("Ann", GAME, -1), ("Ann", TABLE, -5), ("Bob", GAME, -1)]
    assert challenge_notices(bob) == []  # answered: nothing stale left
    assert told["Ann"][0]["go"] == f"/tables/{game.pk}/"
    assert told["Bob"][0]["state"] == "accepted"
    # accepted twice (a double click, a second tab): refused, nothing more made or paid
    refused("already_accepted", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    assert Game.objects.count() == 1 and len(spent(ann, bob)) == 3


def test_a_partner_sits_opposite_in_a_partnership_game(friends, challenge):
    ann, bob = friends
    sent = challenge(rules=RuleOptions(target_score=5), seat="partner")
    game = challenge_accept(challenge_id=sent.pk, user_id=bob.pk)
    assert dict(game.seats.values_list("position", "user_id")) == {
        0: ann.pk,
        1: None,
        2: bob.pk,
        3: None,
    }
    assert game.rules["target_score"] == 5


def test_declined_or_withdrawn_nothing_is_paid_and_the_challenger_is_told(
    friends, challenge, heard
):
    ann, bob = friends
    sent = challenge()
    told = heard([ann, bob], lambda: challenge_decline(challenge_id=sent.pk, user_id=bob.pk))
    assert told["Ann"] == [
        {
            "type": "challenge",
            "id": sent.pk,
            "state": "declined",
            "table_url": None,
            "text": "Bob declined your challenge.",
            "go": None,
        }
    ]
    assert [event["state"] for event in told["Bob"]] == ["declined"]  # his other pages
    refused("not_waiting", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    again = challenge()  # the pair may challenge again
    challenge_cancel(challenge_id=again.pk, user_id=ann.pk)
    refused("not_waiting", lambda: challenge_decline(challenge_id=again.pk, user_id=bob.pk))
    assert list(Challenge.objects.values_list("status", flat=True)) == ["cancelled", "declined"]
    assert challenge_notices(bob) == [] and spent(ann, bob) == [] and not Game.objects.exists()


def test_an_unanswered_challenge_expires_once_and_cannot_be_accepted_after(friends, challenge):
    ann, bob = friends
    sent, late = challenge(), None
    assert challenges_expire() == 0  # in time: left alone
    Challenge.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert challenges_expire() == 1
    assert challenges_expire() == 0  # idempotent
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.EXPIRED
    late = refused("not_waiting", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    assert "expired" in late.message
    assert challenge_notices(bob) == [] and spent(ann, bob) == [] and not Game.objects.exists()


def test_an_expired_challenge_met_by_its_answer_before_the_sweeper_ends_there(friends, challenge):
    ann, bob = friends
    sent = challenge()
    Challenge.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    refusal = refused("expired", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    assert refusal.message == "Ann's challenge expired: challenge them back, or ask them again."
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.EXPIRED  # committed with the refusal
    assert challenge_notices(bob) == [] and not Game.objects.exists() and spent(ann, bob) == []


@pytest.mark.parametrize("who", ["challenger", "challenged"])
def test_a_player_sitting_down_elsewhere_ends_the_challenge(friends, challenge, make_player, who):
    """Seed 000, one game at a time: the sweeper ends it, or the accept that finds it."""
    ann, bob = friends
    sent = challenge()
    carl = make_player("Carl")
    table = table_create(creator_id=carl.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=table.pk, user_id=(ann if who == "challenger" else bob).pk)
    code = "busy" if who == "challenger" else "already_playing"
    refused(code, lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.EXPIRED and challenge_notices(bob) == []
    assert Game.objects.count() == 1 and spent(ann, bob) == []
    # the sweeper's way: another challenge, then a sit-down elsewhere
    Seat.objects.filter(user__in=[ann, bob]).update(in_play=False)
    again = challenge()
    assert challenges_expire() == 0
    Seat.objects.filter(game=table, user__in=[ann, bob]).update(in_play=True)
    assert challenges_expire() == 1
    again.refresh_from_db()
    assert again.status == ChallengeStatus.EXPIRED and challenge_notices(bob) == []


def test_accepting_ends_every_other_challenge_of_both_players(friends, challenge, make_player):
    ann, bob = friends
    carl, dora = make_player("Carl"), make_player("Dora")
    befriend(carl, bob)
    befriend(ann, dora)
    sent = challenge()
    from_carl = challenge_send(
        challenger_id=carl.pk,
        challenged_id=bob.pk,
        rules=RuleOptions(),
        computer_level="easy",
        seat="against",
    )
    to_dora = challenge_send(
        challenger_id=ann.pk,
        challenged_id=dora.pk,
        rules=RuleOptions(),
        computer_level="easy",
        seat="against",
    )
    challenge_accept(challenge_id=sent.pk, user_id=bob.pk)
    for other in (from_carl, to_dora):
        other.refresh_from_db()
        assert other.status == ChallengeStatus.EXPIRED
    assert challenge_notices(bob) == [] and challenge_notices(dora) == []


def test_bad_challenges_are_refused_and_leave_nothing(friends, make_player):
    ann, bob = friends
    carl = make_player("Carl")

    def send(to: User, rules: RuleOptions | dict | None = None, seat: str = "against") -> None:
        challenge_send(
            challenger_id=ann.pk,
            challenged_id=to.pk,
            rules=preset_rules("three_handed") if rules is None else rules,
            computer_level="easy",
            seat=seat,
        )

    impossible = refused(
        "invalid_rules", lambda: send(bob, {"variant": "two_handed", "robson": True})
    )
    assert impossible.message == (
        "These rules cannot be played: robson needs fixed partnerships (Robson rules score a "
        "team's sweep): it is for variant 'euchre', not 'two_handed'"
    )
    refused("no_partners", lambda: send(bob, seat="partner"))
    refused("invalid_seat", lambda: send(bob, seat="behind"))
    refused("self", lambda: send(ann))
    assert (
        refused("not_taking", lambda: send(carl)).message
        == "Carl is not taking challenges from you."
    )  # friends only, by default
    User.objects.filter(pk=bob.pk).update(challenges_from=NOBODY)
    refused("not_taking", lambda: send(bob))
    User.objects.filter(pk=carl.pk).update(challenges_from=EVERYONE)
    send(carl)  # anyone, by Carl's setting
    refused("already_challenged", lambda: send(carl))
    User.objects.filter(pk=ann.pk).update(challenges_from=EVERYONE)
    refused(
        "challenged_you",
        lambda: challenge_send(
            challenger_id=carl.pk,
            challenged_id=ann.pk,
            rules=RuleOptions(),
            computer_level="easy",
            seat="against",
        ),
    )
    User.objects.filter(pk=bob.pk).update(challenges_from=EVERYONE)
    dora = make_player("Dora")
    table_create(creator_id=dora.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    seat_take(game_id=Game.objects.get().pk, user_id=bob.pk)
    busy = refused("busy", lambda: send(bob))
    assert busy.message == "Bob is at a table now: challenge them when their game is over."
    assert Challenge.objects.count() == 1 and challenge_notices(bob) == []
    assert spent(ann, bob, carl) == []


def test_answers_by_the_wrong_player_are_refused(friends, challenge, make_player):
    ann, bob = friends
    carl = make_player("Carl")
    sent = challenge()
    refused("not_yours", lambda: challenge_accept(challenge_id=sent.pk, user_id=carl.pk))
    refused("not_yours", lambda: challenge_accept(challenge_id=sent.pk, user_id=ann.pk))
    refused("not_yours", lambda: challenge_decline(challenge_id=sent.pk, user_id=carl.pk))
    refused("not_yours", lambda: challenge_cancel(challenge_id=sent.pk, user_id=bob.pk))
    refused(
        "no_such_challenge", lambda: challenge_accept(challenge_id=sent.pk + 99, user_id=bob.pk)
    )
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.PENDING and not Game.objects.exists()


def test_an_accept_that_cannot_be_paid_makes_nothing_and_waits_on(friends, challenge):
    ann, bob = friends
    sent = challenge()
    Wallet.objects.filter(user=ann).update(silver=0, gold=0)
    refusal = refused(
        "challenger_cannot_pay", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk)
    )
    assert refusal.message == "Ann cannot pay for the table just now."
    assert not Game.objects.exists() and not Seat.objects.exists() and spent(ann, bob) == []
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.PENDING


def test_a_player_in_the_quick_play_queue_is_asked_to_leave_it_first(friends, challenge):
    _, bob = friends
    sent = challenge()
    QueueEntry.objects.create(user=bob, going_under=bob.going_under)
    refused("queued", lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk))
    assert not Game.objects.exists()


def test_beats_sweeper_ends_the_challenges_nobody_answered(friends, challenge):
    _, bob = friends
    sent = challenge()
    Challenge.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    sweep_stalled_games()
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.EXPIRED and challenge_notices(bob) == []
