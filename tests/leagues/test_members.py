"""Invitations (answered once, only by the invited player), the join link, removal, handing the
organiser role over, and leaving."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Game
from leagues.models import League, LeagueInvitation, Membership, Season
from leagues.selectors import (
    is_member,
    league_members,
    league_organiser_id,
    player_league_invitations,
    player_leagues,
)
from leagues.services.errors import LeagueError
from leagues.services.members import (
    invitation_accept,
    invitation_decline,
    invitation_send,
    invitation_withdraw,
    league_join_by_link,
    league_leave,
    member_remove,
    organiser_hand_over,
)
from leagues.services.seasons import season_close
from leagues.services.tables import league_table_open, league_table_sit

pytestmark = pytest.mark.django_db


def refused(code, call, **kwargs):
    with pytest.raises(LeagueError) as refusal:
        call(**kwargs)
    assert refusal.value.code == code, refusal.value.message
    return refusal.value


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


# ---- invitations ------------------------------------------------------------------------------


def test_an_invited_player_accepts_once_and_is_a_member(make_player, make_league):
    league = make_league(make_player("Ann"))
    bob = make_player("Bob")
    invitation = invitation_send(league_id=league.pk, organiser_id=league.created_by_id, name="bob")
    assert (invitation.player_id, invitation.invited_by_id) == (bob.pk, league.created_by_id)
    assert player_league_invitations(user_id=bob.pk) == [invitation]

    membership = invitation_accept(invitation_id=invitation.pk, user_id=bob.pk)
    assert (membership.role, membership.ended_at) == (Membership.Role.MEMBER, None)
    assert is_member(league_id=league.pk, user_id=bob.pk)
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.ACCEPTED and invitation.answered_at
    assert player_league_invitations(user_id=bob.pk) == []
    assert [m.league_id for m in player_leagues(user_id=bob.pk)] == [league.pk]

    # a replay of the accept (a second click, a resent form) is refused
    refused("answered", invitation_accept, invitation_id=invitation.pk, user_id=bob.pk)
    refused("answered", invitation_decline, invitation_id=invitation.pk, user_id=bob.pk)
    assert Membership.objects.filter(league=league, player=bob).count() == 1


def test_a_declined_invitation_cannot_be_accepted_afterwards(make_player, make_league):
    league = make_league(make_player("Ann"))
    bob = make_player("Bob")
    invitation = invitation_send(league_id=league.pk, organiser_id=league.created_by_id, name="Bob")
    invitation_decline(invitation_id=invitation.pk, user_id=bob.pk)
    error = refused("answered", invitation_accept, invitation_id=invitation.pk, user_id=bob.pk)
    assert "declined" in error.message
    assert not is_member(league_id=league.pk, user_id=bob.pk)
    # the organiser may invite them again: a new invitation
    again = invitation_send(league_id=league.pk, organiser_id=league.created_by_id, name="Bob")
    assert again.pk != invitation.pk
    invitation_accept(invitation_id=again.pk, user_id=bob.pk)
    assert is_member(league_id=league.pk, user_id=bob.pk)


def test_only_the_invited_player_answers_an_invitation(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    bob, eve = make_player("Bob"), make_player("Eve")
    invitation = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    refused("not_yours", invitation_accept, invitation_id=invitation.pk, user_id=eve.pk)
    refused("not_yours", invitation_decline, invitation_id=invitation.pk, user_id=eve.pk)
    refused("not_yours", invitation_accept, invitation_id=invitation.pk, user_id=ann.pk)
    assert not is_member(league_id=league.pk, user_id=eve.pk)
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.PENDING
    refused("no_invitation", invitation_accept, invitation_id=invitation.pk + 99, user_id=bob.pk)


def test_the_organiser_withdraws_a_pending_invitation(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    bob = make_player("Bob")
    invitation = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    refused("not_organiser", invitation_withdraw, invitation_id=invitation.pk, organiser_id=bob.pk)
    invitation_withdraw(invitation_id=invitation.pk, organiser_id=ann.pk)
    refused("withdrawn", invitation_accept, invitation_id=invitation.pk, user_id=bob.pk)
    refused("answered", invitation_withdraw, invitation_id=invitation.pk, organiser_id=ann.pk)
    assert not is_member(league_id=league.pk, user_id=bob.pk)


def test_inviting_again_while_pending_returns_the_pending_invitation(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    make_player("Bob")
    first = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    assert invitation_send(league_id=league.pk, organiser_id=ann.pk, name=" BOB ").pk == first.pk
    assert LeagueInvitation.objects.count() == 1


def test_who_cannot_be_invited_and_who_cannot_invite(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    bob, cid = make_player("Bob"), make_player("Cid")
    make_player("Dee", is_active=False, blocked_at=timezone.now())
    join(league, bob)

    def send(name, organiser=ann):
        return refused(
            code, invitation_send, league_id=league.pk, organiser_id=organiser.pk, name=name
        )

    code = "no_such_player"
    send("Nobody")
    send("Dee")  # blocked
    send("")
    code = "self"
    send("ann")
    code = "already_member"
    send("Bob")
    code = "not_organiser"
    send("Cid", organiser=bob)  # a member is not the organiser
    send("Cid", organiser=cid)  # nor is an outsider
    assert not LeagueInvitation.objects.filter(player=cid).exists()


# ---- the join link ----------------------------------------------------------------------------


def test_the_link_lets_anyone_join_a_link_league_once(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann, joining=League.Joining.LINK)
    bob = make_player("Bob")
    membership = league_join_by_link(token=league.join_token, user_id=bob.pk)
    assert membership.league_id == league.pk and membership.role == Membership.Role.MEMBER
    error = refused("already_member", league_join_by_link, token=league.join_token, user_id=bob.pk)
    assert league.name in error.message
    refused("already_member", league_join_by_link, token=league.join_token, user_id=ann.pk)
    refused("no_league", league_join_by_link, token="not-a-token", user_id=bob.pk)


def test_the_link_of_an_invitation_only_league_needs_an_invitation(make_player, make_league):
    league = make_league(make_player("Ann"), joining=League.Joining.INVITATION)
    bob = make_player("Bob")
    error = refused("invitation_only", league_join_by_link, token=league.join_token, user_id=bob.pk)
    assert "invit" in error.message
    assert not is_member(league_id=league.pk, user_id=bob.pk)


def test_joining_by_link_answers_a_waiting_invitation(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann, joining=League.Joining.LINK)
    bob = make_player("Bob")
    invitation = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    league_join_by_link(token=league.join_token, user_id=bob.pk)
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.ACCEPTED
    refused("answered", invitation_accept, invitation_id=invitation.pk, user_id=bob.pk)


def test_nobody_joins_or_is_invited_to_the_champions_league_here(make_player):
    month = timezone.localdate().replace(day=1)
    league = League.objects.create(
        kind=League.Kind.CHAMPIONS, name="CL", rules={}, joining=League.Joining.LINK, month=month
    )
    bob = make_player("Bob")
    refused("champions_league", league_join_by_link, token=league.join_token, user_id=bob.pk)
    Membership.objects.create(league=league, player=bob, joined_at=timezone.now())
    refused("champions_league", league_leave, league_id=league.pk, user_id=bob.pk)
    refused(
        "champions_league", member_remove, league_id=league.pk, organiser_id=bob.pk, player_id=1
    )


# ---- removal, hand-over, leaving --------------------------------------------------------------


def test_the_organiser_removes_a_member_who_may_come_back_with_a_new_membership(
    make_player, make_league
):
    ann = make_player("Ann")
    league = make_league(ann, joining=League.Joining.LINK)
    bob, cid = make_player("Bob"), make_player("Cid")
    join(league, bob)
    join(league, cid)
    refused(
        "not_organiser", member_remove, league_id=league.pk, organiser_id=bob.pk, player_id=cid.pk
    )
    refused("self", member_remove, league_id=league.pk, organiser_id=ann.pk, player_id=ann.pk)

    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    ended = Membership.objects.get(league=league, player=bob)
    assert ended.ended == Membership.Ended.REMOVED and ended.ended_at is not None
    assert not is_member(league_id=league.pk, user_id=bob.pk)
    assert is_member(league_id=league.pk, user_id=bob.pk, at=ended.joined_at)
    assert not is_member(league_id=league.pk, user_id=bob.pk, at=ended.ended_at)
    assert [m.player_id for m in league_members(league_id=league.pk)] == [ann.pk, cid.pk]
    refused("not_member", member_remove, league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)

    league_join_by_link(token=league.join_token, user_id=bob.pk)
    assert Membership.objects.filter(league=league, player=bob).count() == 2


def test_a_removed_member_leaves_the_leagues_open_tables(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    bob = make_player("Bob")
    join(league, bob)
    others_table = league_table_open(league_id=league.pk, user_id=ann.pk)
    league_table_sit(game_id=others_table.pk, user_id=bob.pk)
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    assert not others_table.seats.filter(user=bob).exists()
    assert not bob.seats.filter(in_play=True).exists()

    # a member who opened a table and leaves: the table closes
    join(league, bob)
    own_table = league_table_open(league_id=league.pk, user_id=bob.pk)
    league_leave(league_id=league.pk, user_id=bob.pk)
    own_table.refresh_from_db()
    assert own_table.status == Game.Status.FINISHED and own_table.winner_team is None


def test_the_organiser_hands_the_role_over_to_a_current_member(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann)
    bob, cid = make_player("Bob"), make_player("Cid")
    join(league, bob)
    refused(
        "not_member",
        organiser_hand_over,
        league_id=league.pk,
        organiser_id=ann.pk,
        player_id=cid.pk,
    )
    refused("self", organiser_hand_over, league_id=league.pk, organiser_id=ann.pk, player_id=ann.pk)
    refused(
        "not_organiser",
        organiser_hand_over,
        league_id=league.pk,
        organiser_id=bob.pk,
        player_id=bob.pk,
    )

    organiser_hand_over(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    assert league_organiser_id(league_id=league.pk) == bob.pk
    roles = dict(
        Membership.objects.filter(league=league, ended_at__isnull=True).values_list(
            "player", "role"
        )
    )
    assert roles == {ann.pk: Membership.Role.MEMBER, bob.pk: Membership.Role.ORGANISER}
    # the old organiser has no organiser's tools any more
    refused("not_organiser", invitation_send, league_id=league.pk, organiser_id=ann.pk, name="Cid")
    assert invitation_send(league_id=league.pk, organiser_id=bob.pk, name="Cid").player_id == cid.pk


def test_a_member_leaves_the_organiser_only_after_handing_over_or_when_alone(
    make_player, make_league
):
    ann = make_player("Ann")
    league = make_league(ann, joining=League.Joining.LINK)
    bob, cid = make_player("Bob"), make_player("Cid")
    join(league, bob)
    refused("organiser", league_leave, league_id=league.pk, user_id=ann.pk)
    refused("not_member", league_leave, league_id=league.pk, user_id=cid.pk)

    league_leave(league_id=league.pk, user_id=bob.pk)
    left = Membership.objects.get(league=league, player=bob)
    assert left.ended == Membership.Ended.LEFT and left.ended_at is not None

    # alone now: the organiser may leave; the league stops (its waiting invitations too)
    invitation = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Cid")
    league_leave(league_id=league.pk, user_id=ann.pk)
    assert league_members(league_id=league.pk) == []
    invitation.refresh_from_db()
    assert invitation.status == LeagueInvitation.Status.WITHDRAWN
    error = refused("league_stopped", league_join_by_link, token=league.join_token, user_id=cid.pk)
    assert league.name in error.message

    # its season closes with no next one
    season = Season.objects.get(league=league)
    assert season_close(season_id=season.pk, now=season.ends_at)
    assert Season.objects.filter(league=league).count() == 1
