"""Joining and leaving a private league: invitations by player name, the join link, removal by
the organiser, handing the organiser role over, and leaving.

Every change of a league's members runs under the league's row lock, so two of them never
interleave (a hand-over and a leave, two answers to one invitation, a removal and a join). An
invitation is answered once, by the player it names; a player has at most one current
membership per league (a database constraint), and one who comes back gets a new one.

A member who leaves or is removed also leaves the league's tables that have not started; a game
already being played goes on, but no longer counts for them (see `leagues.selectors`).
"""

from __future__ import annotations

import contextlib

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationKind, User
from accounts.services.notifications import notify
from games.models import Game
from games.tables.services.tables import TableError, seat_leave

from ..models import League, LeagueInvitation, Membership
from .errors import LeagueError

NOT_ORGANISER = LeagueError("not_organiser", "Only the league's organiser can do this.")
NOT_MEMBER = LeagueError("not_member", "You are not a member of this league.")
CHAMPIONS = LeagueError(
    "champions_league",
    "Every player enters the Champions League from its own page: nobody is invited or "
    "removed, and entrants stay until the month ends.",
)


def _league_locked(*, league_id: int) -> League:
    league = League.objects.select_for_update().filter(pk=league_id).first()
    if league is None:
        raise LeagueError("no_league", "There is no such league.")
    return league


def _private_league_locked(*, league_id: int) -> League:
    league = _league_locked(league_id=league_id)
    if league.kind != League.Kind.PRIVATE:
        raise CHAMPIONS
    return league


def _current(league: League, player_id: int) -> Membership | None:
    return Membership.objects.filter(
        league=league, player_id=player_id, ended_at__isnull=True
    ).first()


def _organiser_check(league: League, user_id: int) -> Membership:
    membership = _current(league, user_id)
    if membership is None or membership.role != Membership.Role.ORGANISER:
        raise NOT_ORGANISER
    return membership


def _already_member(league: League) -> LeagueError:
    return LeagueError("already_member", f"You are already a member of {league.name}.")


def _membership_start(league: League, player_id: int) -> Membership:
    """`league` is locked and private: the player becomes a member now. Their invitation to it,
    if one is waiting, is accepted with it (joining by link answers it too)."""
    if league.closed_at is not None:
        raise LeagueError("league_closed", f"{league.name} is closed: it takes no new members.")
    if not Membership.objects.filter(
        league=league, ended_at__isnull=True, role=Membership.Role.ORGANISER
    ).exists():
        raise LeagueError(
            "league_stopped", f"{league.name} has stopped: its members have all left."
        )
    now = timezone.now()
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                league=league, player_id=player_id, role=Membership.Role.MEMBER, joined_at=now
            )
    except IntegrityError as error:
        raise _already_member(league) from error
    LeagueInvitation.objects.filter(
        league=league, player_id=player_id, status=LeagueInvitation.Status.PENDING
    ).update(status=LeagueInvitation.Status.ACCEPTED, answered_at=now)
    return membership


def _membership_end(membership: Membership, ended: str) -> None:
    """The membership ends now; the player leaves the league's tables that have not started."""
    membership.ended, membership.ended_at = ended, timezone.now()
    membership.save(update_fields=["ended", "ended_at"])
    open_tables = Game.objects.filter(
        leaguegame__league_id=membership.league_id,
        status=Game.Status.OPEN,
        seats__user_id=membership.player_id,
    ).values_list("pk", flat=True)
    for game_id in open_tables:
        # a game that started meanwhile goes on, and no longer counts for them
        with contextlib.suppress(TableError):
            seat_leave(game_id=game_id, user_id=membership.player_id)


def invitation_send(*, league_id: int, organiser_id: int, name: str) -> LeagueInvitation:
    """The organiser invites a player by display name (ignoring case). Inviting a player whose
    invitation is still waiting returns that invitation."""
    name = name.strip()
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        _organiser_check(league, organiser_id)
        if league.closed_at is not None:
            raise LeagueError("league_closed", f"{league.name} is closed: it takes no new members.")
        invitee = User.objects.filter(is_active=True, display_name__iexact=name).first()
        if not name or invitee is None:
            # a blocked player is not found either
            raise LeagueError("no_such_player", f"No player is called {name!r}.")
        if invitee.pk == organiser_id:
            raise LeagueError("self", "You are already a member of your league.")
        if _current(league, invitee.pk) is not None:
            raise LeagueError("already_member", f"{invitee.get_short_name()} is already a member.")
        invitation, created = LeagueInvitation.objects.get_or_create(
            league=league,
            player=invitee,
            status=LeagueInvitation.Status.PENDING,
            defaults={"invited_by_id": organiser_id},
        )
        if created:
            organiser = User.objects.get(pk=organiser_id)
            notify(
                recipient_id=invitee.pk,
                kind=NotificationKind.LEAGUE_INVITATION,
                text=f"{organiser.get_short_name()} invited you to the league {league.name}: "
                "accept or decline on your Leagues page.",
                link=reverse("leagues:index"),
                source=f"league_invitation:{invitation.pk}",
            )
    return invitation


def _invitation_locked(*, invitation_id: int) -> tuple[League, LeagueInvitation]:
    """The invitation and its league, locked league first (the order of every member change)."""
    league_id = (
        LeagueInvitation.objects.filter(pk=invitation_id)
        .values_list("league_id", flat=True)
        .first()
    )
    if league_id is None:
        raise LeagueError("no_invitation", "There is no such invitation.")
    league = _league_locked(league_id=league_id)
    invitation = LeagueInvitation.objects.select_for_update().get(pk=invitation_id)
    return league, invitation


def _answerable(invitation: LeagueInvitation, user_id: int) -> None:
    """Only the invited player answers, and only once."""
    if invitation.player_id != user_id:
        raise LeagueError("not_yours", "This invitation is for another player.")
    if invitation.status == LeagueInvitation.Status.WITHDRAWN:
        raise LeagueError("withdrawn", "The organiser withdrew this invitation.")
    if invitation.status != LeagueInvitation.Status.PENDING:
        raise LeagueError(
            "answered",
            f"You already answered this invitation ({invitation.get_status_display().lower()}).",
        )


def invitation_accept(*, invitation_id: int, user_id: int) -> Membership:
    """The invited player accepts: they are a member from now on."""
    with transaction.atomic():
        league, invitation = _invitation_locked(invitation_id=invitation_id)
        _answerable(invitation, user_id)
        membership = _membership_start(league, user_id)  # answers the invitation too
    return membership


def invitation_decline(*, invitation_id: int, user_id: int) -> None:
    """The invited player declines; the organiser may invite them again later."""
    with transaction.atomic():
        _, invitation = _invitation_locked(invitation_id=invitation_id)
        _answerable(invitation, user_id)
        invitation.status, invitation.answered_at = LeagueInvitation.Status.DECLINED, timezone.now()
        invitation.save(update_fields=["status", "answered_at"])


def invitation_withdraw(*, invitation_id: int, organiser_id: int) -> None:
    """The organiser takes back an invitation that is still waiting."""
    with transaction.atomic():
        league, invitation = _invitation_locked(invitation_id=invitation_id)
        _organiser_check(league, organiser_id)
        if invitation.status != LeagueInvitation.Status.PENDING:
            raise LeagueError("answered", "This invitation was already answered.")
        invitation.status = LeagueInvitation.Status.WITHDRAWN
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])


def league_join_by_link(*, token: str, user_id: int) -> Membership:
    """A player with the league's link joins it, if the league is open to join by link."""
    league_id = League.objects.filter(join_token=token).values_list("pk", flat=True).first()
    if league_id is None:
        raise LeagueError("no_league", "This link does not lead to any league.")
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        if league.joining != League.Joining.LINK:
            raise LeagueError(
                "invitation_only",
                f"{league.name} is open to invited players only: ask its organiser to invite "
                "you by your player name.",
            )
        if _current(league, user_id) is not None:
            raise _already_member(league)
        return _membership_start(league, user_id)


def member_remove(*, league_id: int, organiser_id: int, player_id: int) -> None:
    """The organiser removes a member: their games stop counting from now on."""
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        _organiser_check(league, organiser_id)
        if player_id == organiser_id:
            raise LeagueError(
                "self", "You cannot remove yourself: hand the organiser role over, then leave."
            )
        membership = _current(league, player_id)
        if membership is None:
            raise LeagueError("not_member", "That player is not a member of this league.")
        _membership_end(membership, Membership.Ended.REMOVED)


def organiser_hand_over(*, league_id: int, organiser_id: int, player_id: int) -> None:
    """The organiser makes another current member the organiser and becomes a member."""
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        if _handed_over_already(league, organiser_id, player_id):
            return  # a second submit of the same hand-over: done already
        organiser = _organiser_check(league, organiser_id)
        if player_id == organiser_id:
            raise LeagueError("self", "You are the organiser already.")
        successor = _current(league, player_id)
        if successor is None:
            raise LeagueError("not_member", "That player is not a member of this league.")
        # in this order: the database allows one current organiser at a time
        organiser.role = Membership.Role.MEMBER
        organiser.save(update_fields=["role"])
        successor.role = Membership.Role.ORGANISER
        successor.save(update_fields=["role"])


def _handed_over_already(league: League, former_id: int, player_id: int) -> bool:
    """`player_id` is the organiser now, and `former_id` still a member (who handed it over)."""
    current = _current(league, player_id)
    former = _current(league, former_id)
    return (
        former_id != player_id
        and current is not None
        and current.role == Membership.Role.ORGANISER
        and former is not None
    )


def league_leave(*, league_id: int, user_id: int) -> None:
    """A member leaves. The organiser hands the role over first, unless nobody else is left:
    then the league stops (no next season), and its waiting invitations are withdrawn."""
    with transaction.atomic():
        league = _private_league_locked(league_id=league_id)
        membership = _current(league, user_id)
        if membership is None:
            raise NOT_MEMBER
        if membership.role == Membership.Role.ORGANISER:
            others = Membership.objects.filter(league=league, ended_at__isnull=True).exclude(
                pk=membership.pk
            )
            if others.exists():
                raise LeagueError(
                    "organiser",
                    "You are the organiser: hand the role to another member before you leave.",
                )
            LeagueInvitation.objects.filter(
                league=league, status=LeagueInvitation.Status.PENDING
            ).update(status=LeagueInvitation.Status.WITHDRAWN, answered_at=timezone.now())
        _membership_end(membership, Membership.Ended.LEFT)
