"""Answers to one challenge at the same moment, in real transactions on two connections: two
accepts (a double click, two tabs), and an accept against the challenged player sitting down
at another table, each way round. The first holds its transaction open until the second is
seen waiting for a lock; each must end as if they had come one after the other: one table at
most, its coins spent once, and never for a challenge that did not start one."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.challenges.models import Challenge, ChallengeStatus
from games.challenges.services.answers import challenge_accept
from games.challenges.services.send import challenge_send
from games.engine import RuleOptions, preset_rules
from games.models import Game, Seat
from games.tables.services.tables import TableError, seat_take, table_create
from tests.accounts.friends.concurrently import one_after_the_other
from tests.accounts.friends.pairs import befriend

from .conftest import spent

pytestmark = pytest.mark.django_db(transaction=True)


def make(name: str) -> User:
    return User.objects.create_user(f"{name.lower()}@example.com", None, display_name=name)


@pytest.fixture
def waiting() -> tuple[User, User, Challenge]:
    """Ann's challenge to Bob (friends), waiting; Carl's open table, where Bob might sit."""
    ann, bob = make("Ann"), make("Bob")
    befriend(ann, bob)
    sent = challenge_send(
        challenger_id=ann.pk,
        challenged_id=bob.pk,
        rules=preset_rules("three_handed"),
        computer_level="easy",
        seat="against",
    )
    return ann, bob, sent


def test_two_accepts_at_once_start_one_table_paid_once(waiting):
    ann, bob, sent = waiting

    def accept() -> Game:
        return challenge_accept(challenge_id=sent.pk, user_id=bob.pk)

    outcome = one_after_the_other(accept, accept)
    game = outcome["first"]
    assert isinstance(game, Game)
    second = outcome["second"]
    assert isinstance(second, TableError) and second.code == "already_accepted"
    assert list(Game.objects.values_list("pk", "status")) == [(game.pk, "playing")]
    assert sorted(spent(ann, bob)) == [
        ("Ann", "game", -1),
        ("Ann", "private_table", -5),
        ("Bob", "game", -1),
    ]
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.ACCEPTED and sent.game_id == game.pk


@pytest.fixture
def carls_table():
    carl = make("Carl")
    return table_create(creator_id=carl.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())


def test_an_accept_first_then_a_seat_elsewhere_is_refused(waiting, carls_table):
    ann, bob, sent = waiting
    outcome = one_after_the_other(
        lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk),
        lambda: seat_take(game_id=carls_table.pk, user_id=bob.pk),
    )
    assert isinstance(outcome["first"], Game)
    second = outcome["second"]
    assert isinstance(second, TableError) and second.code == "already_playing"
    assert not carls_table.seats.filter(user=bob).exists()
    assert len(spent(ann, bob)) == 3


def test_a_seat_elsewhere_first_then_the_accept_is_refused_and_ends_it(waiting, carls_table):
    ann, bob, sent = waiting
    outcome = one_after_the_other(
        lambda: seat_take(game_id=carls_table.pk, user_id=bob.pk),
        lambda: challenge_accept(challenge_id=sent.pk, user_id=bob.pk),
    )
    assert isinstance(outcome["first"], Seat)
    second = outcome["second"]
    assert isinstance(second, TableError) and second.code == "already_playing"
    sent.refresh_from_db()
    assert sent.status == ChallengeStatus.EXPIRED and sent.game is None
    assert list(Game.objects.values_list("pk", flat=True)) == [carls_table.pk]
    assert spent(ann, bob) == []  # nothing paid for a challenge that started no table
