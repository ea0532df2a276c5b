"""Partners who queue together (issue 54): a player asks a friend from the lobby, the friend's
"yes" puts both in quick play as one pair, and the pair is seated whole, opposite each other,
with another pair or two single players. Every refusal says why and leaves nothing behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from accounts.models import GoingUnder, Notification, NotificationKind
from games.engine import RuleOptions
from games.live.models import ChatMute
from games.models import Game, Seat
from games.tables.models import PartnerInvitation, QueueEntry
from games.tables.services.quick_play import (
    queue_join,
    queue_leave,
    queue_notice_pop,
    queue_play_now,
)
from games.tables.services.quick_play_pairs import (
    partner_accept,
    partner_decline,
    partner_invitation_cancel,
    partner_invitations_expire,
    partner_invite,
)
from games.tables.services.tables import TableError, table_create
from tests.accounts.friends.concurrently import one_after_the_other
from tests.accounts.friends.pairs import befriend

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_notices_left():
    yield
    cache.clear()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed():` runs what waits for the commit (the lobby's notices) at its end."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def invitations_told():
    return Notification.objects.filter(kind=NotificationKind.TABLE_INVITATION)


@pytest.fixture
def friends(make_player):
    """Two friends: Ann and Bob."""
    ann, bob = make_player("Ann"), make_player("Bob")
    befriend(ann, bob)
    return ann, bob


def positions(game: Game) -> dict[int, int]:
    return dict(
        Seat.objects.filter(game=game, user__isnull=False).values_list("user_id", "position")
    )


def opposite(game: Game, one, other) -> bool:
    seats = positions(game)
    return abs(seats[one.pk] - seats[other.pk]) == 2


def queue_pair(one, other, **filters) -> Game | None:
    partner_invite(user_id=one.pk, friend_id=other.pk)
    return partner_accept(user_id=other.pk, from_id=one.pk, **filters)


def refusal(call, **kwargs) -> TableError:
    with pytest.raises(TableError) as refused:
        call(**kwargs)
    return refused.value


# ---- a pair forms, waits, and is seated --------------------------------------------------------


def test_a_friend_who_accepts_waits_with_me_and_we_sit_opposite_two_single_players(
    friends, make_player
):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    told = invitations_told().get(recipient=bob)
    assert "Ann asks you to be their partner" in told.text and told.link == reverse("games:lobby")
    assert partner_accept(user_id=bob.pk, from_id=ann.pk) is None
    waiting = dict(QueueEntry.objects.values_list("user_id", "partner_id"))
    assert waiting == {ann.pk: bob.pk, bob.pk: ann.pk}
    assert not PartnerInvitation.objects.exists() and not invitations_told().exists()
    singles = [make_player(), make_player()]
    assert queue_join(user_id=singles[0].pk) is None
    game = queue_join(user_id=singles[1].pk)
    assert game is not None and game.status == Game.Status.PLAYING
    assert set(positions(game)) == {ann.pk, bob.pk, *(p.pk for p in singles)}
    assert opposite(game, ann, bob) and opposite(game, *singles)
    assert not QueueEntry.objects.exists()


def test_two_pairs_make_a_table_each_pair_a_team(friends, make_player):
    ann, bob = friends
    cat, dan = make_player("Cat"), make_player("Dan")
    befriend(cat, dan)
    assert queue_pair(ann, bob) is None
    game = queue_pair(cat, dan)
    assert opposite(game, ann, bob) and opposite(game, cat, dan)


def test_a_pair_sits_with_the_two_longest_waiting_single_players(friends, make_player):
    singles = [make_player() for _ in range(3)]
    for player in singles:
        queue_join(user_id=player.pk)
    ann, bob = friends
    game = queue_pair(ann, bob)  # three singles and a pair: the pair and the first two
    assert set(positions(game)) == {ann.pk, bob.pk, singles[0].pk, singles[1].pk}
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [singles[2].pk]


def test_a_single_player_between_two_pairs_waits_for_the_next_table(friends, make_player):
    ann, bob = friends
    cat, dan = make_player("Cat"), make_player("Dan")
    befriend(cat, dan)
    queue_pair(ann, bob)
    single = make_player()
    queue_join(user_id=single.pk)
    game = queue_pair(cat, dan)  # three would split the second pair: the two pairs play
    assert set(positions(game)) == {ann.pk, bob.pk, cat.pk, dan.pk}
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [single.pk]


def test_when_one_partner_leaves_the_queue_both_leave_and_the_other_is_told(friends, committed):
    ann, bob = friends
    queue_pair(ann, bob)
    with committed():
        assert queue_leave(user_id=bob.pk) is True
    assert not QueueEntry.objects.exists()
    assert queue_notice_pop(user_id=ann.pk) == (
        "Bob left the quick-play queue, so you did too (as partners)."
    )


def test_a_pair_that_starts_now_sits_opposite_with_computers_and_takes_no_people_only_player(
    friends, make_player
):
    ann, bob = friends
    patient = make_player()
    queue_join(user_id=patient.pk, people_only=True)
    queue_pair(ann, bob)
    game = queue_play_now(user_id=bob.pk)
    assert set(positions(game)) == {ann.pk, bob.pk}
    assert opposite(game, ann, bob)
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [patient.pk]


def test_a_people_only_player_is_seated_at_a_table_of_people(make_player):
    patient = make_player()
    queue_join(user_id=patient.pk, people_only=True)
    game = queue_play_now(user_id=make_player().pk)
    assert patient.pk not in positions(game)
    others = [make_player() for _ in range(3)]
    for player in others[:2]:
        queue_join(user_id=player.pk)
    game = queue_join(user_id=others[2].pk)
    assert set(positions(game)) == {patient.pk, *(p.pk for p in others)}
    assert not Seat.objects.filter(game=game, user__isnull=True).exists()


def test_a_player_who_avoids_the_muted_never_sits_with_them(make_player):
    me, muted = make_player(), make_player()
    ChatMute.objects.create(user=me, muted=muted)
    queue_join(user_id=me.pk, avoid_muted=True)
    queue_join(user_id=muted.pk)
    others = [make_player() for _ in range(3)]
    queue_join(user_id=others[0].pk)
    assert queue_join(user_id=others[1].pk) is None  # four wait, but one is muted
    game = queue_join(user_id=others[2].pk)
    assert set(positions(game)) == {me.pk, *(p.pk for p in others)}
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [muted.pk]
    # without the choice, the same mute keeps nobody apart
    game = queue_play_now(user_id=make_player().pk)
    assert muted.pk in positions(game)


# ---- refused, with nothing left half-made --------------------------------------------------------


def test_partners_must_be_two_friends(friends, make_player):
    ann, bob = friends
    stranger = make_player("Stranger")
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=ann.pk)
    assert (refused.code, refused.message) == (
        "self",
        "You cannot be your own partner: choose a friend.",
    )
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=stranger.pk)
    assert refused.message == (
        "Stranger is not your friend: you can queue as partners with friends."
    )
    assert refusal(partner_invite, user_id=ann.pk, friend_id=10**9).code == "no_player"
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=bob.pk, variant="call_ace")
    assert refused.code == "no_partners" and "Call-ace has no fixed partners" in refused.message
    assert not PartnerInvitation.objects.exists() and not invitations_told().exists()


def test_no_pair_with_a_player_already_queued_or_at_a_table(friends, make_player):
    ann, bob = friends
    queue_join(user_id=bob.pk)
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=bob.pk)
    assert refused.message == "Bob is waiting in quick play already: ask them again later."
    refused = refusal(partner_invite, user_id=bob.pk, friend_id=ann.pk)
    assert refused.code == "queued"
    queue_leave(user_id=bob.pk)
    table_create(creator_id=bob.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=bob.pk)
    assert refused.message == "Bob is at a table now: ask them again later."
    assert refusal(partner_invite, user_id=bob.pk, friend_id=ann.pk).code == "already_playing"
    assert not PartnerInvitation.objects.exists() and not QueueEntry.objects.exists()


def test_a_double_click_sends_one_invitation_and_accepting_twice_queues_once(friends):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=bob.pk)
    assert refused.message == "You asked Bob already: wait for their answer, or cancel it."
    refused = refusal(partner_invite, user_id=bob.pk, friend_id=ann.pk)
    assert refused.message == "Ann asked you already: accept their invitation in your lobby."
    assert PartnerInvitation.objects.count() == 1
    partner_accept(user_id=bob.pk, from_id=ann.pk)
    refused = refusal(partner_accept, user_id=bob.pk, from_id=ann.pk)
    assert refused.message == "You and Ann wait together already."
    assert QueueEntry.objects.count() == 2


def test_a_declined_invitation_is_gone_and_the_inviter_is_told(friends, committed):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    with committed():
        assert partner_decline(user_id=bob.pk, from_id=ann.pk) is True
    assert queue_notice_pop(user_id=ann.pk) == "Bob declined to be your partner."
    assert not PartnerInvitation.objects.exists() and not invitations_told().exists()
    refused = refusal(partner_accept, user_id=bob.pk, from_id=ann.pk)
    assert refused.message == "Ann's invitation is no longer waiting."
    assert partner_decline(user_id=bob.pk, from_id=ann.pk) is False
    assert not QueueEntry.objects.exists()


def test_accepting_ends_the_new_partners_other_invitations(friends, make_player, committed):
    ann, bob = friends
    cat, dan = make_player("Cat"), make_player("Dan")
    befriend(bob, cat)
    befriend(dan, bob)
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    partner_invite(user_id=bob.pk, friend_id=cat.pk)  # Bob asked Cat meanwhile
    partner_invite(user_id=dan.pk, friend_id=bob.pk)  # and Dan asked Bob
    with committed():
        partner_accept(user_id=bob.pk, from_id=ann.pk)
    assert not PartnerInvitation.objects.exists() and not invitations_told().exists()
    assert queue_notice_pop(user_id=dan.pk) == ("Bob now waits in quick play with another partner.")
    assert refusal(partner_accept, user_id=cat.pk, from_id=bob.pk).code == "no_invitation"


def test_a_withdrawn_invitation_cannot_be_accepted(friends):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    assert partner_invitation_cancel(user_id=ann.pk) is True
    assert partner_invitation_cancel(user_id=ann.pk) is False
    assert refusal(partner_accept, user_id=bob.pk, from_id=ann.pk).code == "no_invitation"
    assert not invitations_told().exists() and not QueueEntry.objects.exists()


def age(invitation_from, seconds: int) -> None:
    PartnerInvitation.objects.filter(from_user=invitation_from).update(
        created_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_an_invitation_nobody_answers_ends_and_the_inviter_is_told(friends, committed):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    age(ann, 100)
    assert partner_invitations_expire() == 0  # two minutes to answer
    age(ann, 121)
    with committed():
        assert partner_invitations_expire() == 1
    assert queue_notice_pop(user_id=ann.pk) == (
        "Bob did not answer your invitation in 2 minutes: ask again, or queue alone."
    )
    assert not PartnerInvitation.objects.exists() and not invitations_told().exists()


def test_an_invitation_past_its_time_no_longer_keeps_the_inviter_from_queueing_alone(friends):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    assert refusal(queue_join, user_id=ann.pk).code == "inviting"
    age(ann, 121)  # before the sweeper ends it
    assert queue_join(user_id=ann.pk) is None
    assert QueueEntry.objects.filter(user=ann, partner__isnull=True).exists()


def test_a_late_answer_is_refused_and_ends_the_invitation(friends):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    age(ann, 121)
    refused = refusal(partner_accept, user_id=bob.pk, from_id=ann.pk)
    assert refused.message == "Ann's invitation expired: ask them to invite you again."
    assert not PartnerInvitation.objects.exists() and not QueueEntry.objects.exists()
    # Ann may ask again at once
    partner_invite(user_id=ann.pk, friend_id=bob.pk)


def test_an_answer_after_the_inviter_queued_alone_or_sat_down_is_refused(friends, make_player):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    refused = refusal(queue_join, user_id=ann.pk)
    assert refused.message == "You asked Bob to be your partner: cancel that first to play alone."
    table_create(creator_id=ann.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    refused = refusal(partner_accept, user_id=bob.pk, from_id=ann.pk)
    assert refused.message == "Ann is at a table now."
    assert not PartnerInvitation.objects.exists() and not QueueEntry.objects.exists()


def test_partners_who_disagree_on_going_under_are_told_before_they_wait(make_player):
    ann = make_player("Ann", going_under=GoingUnder.WITH)
    bob = make_player("Bob", going_under=GoingUnder.WITHOUT)
    befriend(ann, bob)
    refused = refusal(partner_invite, user_id=ann.pk, friend_id=bob.pk)
    assert refused.code == "going_under_differs" and "Bob chose different" in refused.message
    assert not PartnerInvitation.objects.exists()


def test_a_player_waiting_with_a_partner_cannot_queue_alone_too(friends):
    ann, bob = friends
    queue_pair(ann, bob)
    refused = refusal(queue_join, user_id=ann.pk, variant="two_handed")
    assert refused.message == "You wait with Bob as partners: leave the queue first to play alone."
    assert set(QueueEntry.objects.values_list("variant", flat=True)) == {"standard"}


# ---- at the same moment --------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_friends_inviting_each_other_at_once_make_one_invitation(friends):
    ann, bob = friends
    outcome = one_after_the_other(
        lambda: partner_invite(user_id=ann.pk, friend_id=bob.pk),
        lambda: partner_invite(user_id=bob.pk, friend_id=ann.pk),
    )
    assert isinstance(outcome["first"], PartnerInvitation)
    assert isinstance(outcome["second"], TableError) and outcome["second"].code == "invited_you"
    assert PartnerInvitation.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_accepts_at_once_queue_the_pair_once(friends):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    outcome = one_after_the_other(
        lambda: partner_accept(user_id=bob.pk, from_id=ann.pk),
        lambda: partner_accept(user_id=bob.pk, from_id=ann.pk),
    )
    assert outcome["first"] is None
    assert isinstance(outcome["second"], TableError)
    assert outcome["second"].code == "already_partners"
    assert QueueEntry.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_inviter_starting_now_while_the_friend_accepts_seats_the_pair_once(
    friends, make_player
):
    ann, bob = friends
    partner_invite(user_id=ann.pk, friend_id=bob.pk)
    outcome = one_after_the_other(
        lambda: partner_accept(user_id=bob.pk, from_id=ann.pk),
        lambda: queue_play_now(user_id=ann.pk),
    )
    game = outcome["second"]
    assert isinstance(game, Game), game
    assert opposite(game, ann, bob)
    assert Seat.objects.filter(in_play=True).count() == 2 and not QueueEntry.objects.exists()


# ---- the lobby -----------------------------------------------------------------------------------


def test_the_lobby_asks_a_friend_shows_them_the_invitation_and_queues_the_pair(
    client, friends, make_player
):
    ann, bob = friends
    client.force_login(ann)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert '<label class="partner-label" for="id_partner">' in lobby
    assert f'<option value="{bob.pk}">Bob</option>' in lobby
    before = client.get(reverse("games:lobby_status")).json()["partners"]
    response = client.post(
        reverse("games:quick_play"), {"variant": "standard", "partner": bob.pk}, follow=True
    )
    page = response.content.decode()
    assert "You asked Bob to be your partner: waiting for their answer." in page
    assert "Withdraw the invitation" in page
    assert client.get(reverse("games:lobby_status")).json()["partners"] != before

    client.force_login(bob)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert "<strong>Ann</strong> asks you to be their partner" in lobby
    assert "Accept and queue with Ann" in lobby
    response = client.post(
        reverse("games:partner_accept"), {"from_id": ann.pk, "avoid_muted": "on"}, follow=True
    )
    assert "You wait with <strong>Ann</strong> as partners" in response.content.decode()
    assert QueueEntry.objects.get(user=bob).avoid_muted is True
    assert QueueEntry.objects.get(user=ann).avoid_muted is False


def test_the_lobby_says_why_a_pair_is_refused(client, make_player):
    me, stranger = make_player("Me"), make_player("Stranger")
    client.force_login(me)
    response = client.post(reverse("games:quick_play"), {"partner": stranger.pk}, follow=True)
    assert "Stranger is not your friend" in response.content.decode()
    response = client.post(
        reverse("games:quick_play_now"), {"partner": stranger.pk, "computer_level": "easy"}
    )
    assert response["Location"] == reverse("games:lobby")
    response = client.post(reverse("games:partner_accept"), {"from_id": "x"}, follow=True)
    assert "That invitation is no longer waiting." in response.content.decode()
    assert not PartnerInvitation.objects.exists() and not QueueEntry.objects.exists()
    assert not Game.objects.exists()
