"""Invitations (issue: "Each player has an invitation link. A newcomer who signs up through it and
finishes their first game counts as an invited friend ... Record who invited whom, once, and
refuse self-invitation and repeats.")"""

from __future__ import annotations

import pytest
from django.db import IntegrityError
from django.urls import reverse

from accounts.models import Referral, User
from accounts.services.referrals import (
    INVITE_SESSION_KEY,
    ReferralRefused,
    referral_record,
    referrals_qualify,
)
from games.engine import RuleOptions
from games.models import Game
from games.tables.services.tables import game_cancel, seat_take, table_create, table_start
from tests.games.conftest import play_to_the_end

pytestmark = pytest.mark.django_db


def player(name: str) -> User:
    return User.objects.create_user(f"{name.lower()}@example.com", "pw", display_name=name)


def test_a_newcomer_is_recorded_once_as_the_inviters_friend():
    alice, newcomer = player("Alice"), player("Newcomer")
    referral = referral_record(invite_code=alice.invite_code, invited_id=newcomer.pk)
    assert (referral.inviter, referral.invited, referral.qualified_at) == (alice, newcomer, None)
    with pytest.raises(ReferralRefused) as again:
        referral_record(invite_code=alice.invite_code, invited_id=newcomer.pk)
    assert again.value.code == "already_invited"


def test_a_second_inviter_cannot_claim_the_same_newcomer():
    alice, bob, newcomer = player("Alice"), player("Bob"), player("Newcomer")
    referral_record(invite_code=alice.invite_code, invited_id=newcomer.pk)
    with pytest.raises(ReferralRefused):
        referral_record(invite_code=bob.invite_code, invited_id=newcomer.pk)
    assert list(Referral.objects.values_list("inviter__display_name", flat=True)) == ["Alice"]


def test_nobody_invites_themselves_even_past_the_service():
    alice = player("Alice")
    with pytest.raises(ReferralRefused) as refused:
        referral_record(invite_code=alice.invite_code, invited_id=alice.pk)
    assert refused.value.code == "self"
    with pytest.raises(IntegrityError):
        Referral.objects.create(inviter=alice, invited=alice)


def test_an_unknown_or_blocked_inviters_code_is_refused():
    newcomer, blocked = player("Newcomer"), player("Blocked")
    with pytest.raises(ReferralRefused):
        referral_record(invite_code="no-such-code", invited_id=newcomer.pk)
    User.objects.filter(pk=blocked.pk).update(is_active=False)
    with pytest.raises(ReferralRefused):
        referral_record(invite_code=blocked.invite_code, invited_id=newcomer.pk)


def test_qualifying_happens_once_per_friend():
    alice, friend, other = player("Alice"), player("Friend"), player("Other")
    referral_record(invite_code=alice.invite_code, invited_id=friend.pk)
    assert [r.invited_id for r in referrals_qualify(user_ids=[friend.pk, other.pk])] == [friend.pk]
    assert referrals_qualify(user_ids=[friend.pk]) == []


def test_every_player_has_a_distinct_invitation_code():
    codes = {player(f"P{i}").invite_code for i in range(20)}
    assert len(codes) == 20 and all(len(code) >= 12 for code in codes)


def finished_game_with(*people: User, cancel: User | None = None) -> Game:
    game = table_create(
        creator_id=people[0].pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(target_score=1)
    )
    for person in people[1:]:
        seat_take(game_id=game.pk, user_id=person.pk)
    table_start(game_id=game.pk, user_id=people[0].pk)
    if cancel is not None:
        game_cancel(game_id=game.pk, user_id=cancel.pk)
    return play_to_the_end(game)


def test_an_invited_friend_counts_when_their_first_game_is_finished():
    alice, friend = player("Alice"), player("Friend")
    referral_record(invite_code=alice.invite_code, invited_id=friend.pk)
    finished_game_with(friend)
    referral = Referral.objects.get(invited=friend)
    assert referral.qualified_at is not None
    first = referral.qualified_at
    finished_game_with(friend)
    referral.refresh_from_db()
    assert referral.qualified_at == first  # their second game changes nothing


def test_a_friend_who_cancelled_their_game_has_not_finished_it():
    alice, friend, partner = player("Alice"), player("Friend"), player("Partner")
    referral_record(invite_code=alice.invite_code, invited_id=friend.pk)
    finished_game_with(partner, friend, cancel=friend)
    assert Referral.objects.get(invited=friend).qualified_at is None


def test_the_invitation_link_remembers_the_code_for_a_visitors_sign_up(client):
    alice = player("Alice")
    response = client.get(reverse("accounts:invite", args=[alice.invite_code]))
    assert response.status_code == 200
    assert "Alice invites you to play Euchre" in response.content.decode()
    assert client.session[INVITE_SESSION_KEY] == alice.invite_code


def test_an_unknown_invitation_link_is_not_found(client):
    assert client.get(reverse("accounts:invite", args=["nope"])).status_code == 404


def test_a_player_opening_their_own_link_is_told_it_is_theirs(client):
    alice = player("Alice")
    client.force_login(alice)
    response = client.get(reverse("accounts:invite", args=[alice.invite_code]), follow=True)
    assert "This is your own invitation link" in response.content.decode()
    assert INVITE_SESSION_KEY not in client.session


def test_a_member_opening_someone_elses_link_is_not_recorded(client):
    alice, bob = player("Alice"), player("Bob")
    client.force_login(bob)
    response = client.get(reverse("accounts:invite", args=[alice.invite_code]), follow=True)
    assert "invitations are for newcomers" in response.content.decode()
    assert not Referral.objects.exists()
