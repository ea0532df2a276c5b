"""Notifications of the leagues' events (issue 22): an invitation to a league (also by e-mail),
a season ending (each member's final place) and the next one starting, and the Champions
League's month end; a close that runs twice tells nobody twice."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import Notification, NotificationKind, User
from leagues.models import League, LeagueGame, Membership, Season
from leagues.services.members import (
    invitation_accept,
    invitation_decline,
    invitation_send,
    league_leave,
)
from leagues.services.seasons import season_close, seasons_close_due
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db

Kind = NotificationKind


def notices(player: User, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(recipient=player, kind=kind))


def join(league: League, player: User) -> None:
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


@pytest.mark.parametrize("emails", [True, False])
def test_an_invitation_to_a_league_notifies_once_and_mails_unless_turned_off(
    make_player, make_league, django_capture_on_commit_callbacks, emails
):
    ann, bob = make_player("Ann"), make_player("Bob", notification_emails=emails)
    league = make_league(ann, name="Friday Night")
    with django_capture_on_commit_callbacks(execute=True):
        first = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="bob")
        again = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    assert first.pk == again.pk

    [notice] = notices(bob, Kind.LEAGUE_INVITATION)
    assert notice.text.startswith("Ann invited you to the league Friday Night")
    assert notice.link == "/leagues/"
    if emails:
        [sent] = mail.outbox
        assert sent.to == [bob.email] and sent.subject == "[Euchre] Invited to a league"
        assert "Friday Night" in sent.body
    else:
        assert mail.outbox == []


def test_a_new_invitation_after_a_decline_notifies_again(make_player, make_league):
    ann, bob = make_player("Ann"), make_player("Bob")
    league = make_league(ann)
    invitation = invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    invitation_decline(invitation_id=invitation.pk, user_id=bob.pk)
    invitation_send(league_id=league.pk, organiser_id=ann.pk, name="Bob")
    assert len(notices(bob, Kind.LEAGUE_INVITATION)) == 2


@pytest.fixture
def weekly(make_player, make_league):
    """A weekly league of four (and Eve, who left) whose first season ended a day ago."""
    ann, bob, cid, dee, eve = (make_player(name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve"))
    league = make_league(ann, season_length="week", name="Weekly")
    for player in (bob, cid, dee, eve):
        join(league, player)
    league_leave(league_id=league.pk, user_id=eve.pk)
    starts_at = timezone.now() - timedelta(days=8)
    Membership.objects.filter(league=league).update(joined_at=starts_at)
    Season.objects.filter(league=league).update(
        starts_at=starts_at, ends_at=starts_at + timedelta(days=7)
    )
    return league, Season.objects.get(league=league), [ann, bob, cid, dee, eve]


def test_a_season_end_tells_each_member_their_place_and_the_next_season_starting(
    weekly, django_capture_on_commit_callbacks
):
    league, season, (ann, bob, cid, dee, eve) = weekly
    game = game_result_store(
        [ann, bob, cid, None],
        score=(10, 4),
        winner_team=0,
        finished_at=season.ends_at - timedelta(hours=1),
    )
    LeagueGame.objects.create(game=game, league=league)

    with django_capture_on_commit_callbacks(execute=True):
        assert seasons_close_due() == 1
        assert seasons_close_due() == 0
        assert season_close(season_id=season.pk, now=season.ends_at + timedelta(days=2)) is False

    ended = {
        player.display_name: [notice.text for notice in notices(player, Kind.SEASON_ENDED)]
        for player in (ann, bob, cid, dee, eve)
    }
    assert ended["Ann"] == ["Season 1 of Weekly has ended: you finished 1 of 3."]
    assert ended["Bob"] == ["Season 1 of Weekly has ended: you finished 3 of 3."]
    assert ended["Dee"] == ["Season 1 of Weekly has ended; you played no game in it."]
    assert ended["Eve"] == []  # she left: the league is no longer hers
    [ann_ended] = notices(ann, Kind.SEASON_ENDED)
    assert ann_ended.link == f"/leagues/{league.pk}/seasons/1/"

    season_two = Season.objects.get(league=league, number=2)
    for player in (ann, bob, cid, dee):
        [started] = notices(player, Kind.SEASON_STARTED)
        assert started.text.startswith("Season 2 of Weekly has started; it ends on ")
        assert started.link == f"/leagues/{league.pk}/"
        assert started.source == f"season:{season_two.pk}"
    assert notices(eve, Kind.SEASON_STARTED) == []
    assert mail.outbox == []  # seasons are not e-mailed


def test_a_champions_league_month_end_tells_its_entrants(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    league = League.objects.create(
        kind=League.Kind.CHAMPIONS,
        name="Champions League April 2025",
        rules={},
        joining=League.Joining.LINK,
        month=date(2025, 4, 1),
    )
    season = Season.objects.create(
        league=league,
        number=1,
        starts_at=datetime(2025, 4, 1, tzinfo=UTC),
        ends_at=datetime(2025, 5, 1, tzinfo=UTC),
    )
    for player in (ann, bob):
        Membership.objects.create(league=league, player=player, joined_at=season.starts_at)
    game = game_result_store(
        [ann, None, None, None],
        score=(10, 2),
        winner_team=0,
        finished_at=datetime(2025, 4, 10, tzinfo=UTC),
    )
    LeagueGame.objects.create(game=game, league=league)

    assert seasons_close_due(now=datetime(2025, 5, 1, 0, 10, tzinfo=UTC)) == 1

    [ann_ended] = notices(ann, Kind.SEASON_ENDED)
    assert ann_ended.text == ("The Champions League of April 2025 has ended: you finished 1 of 1.")
    assert ann_ended.link == "/champions/2025/4/"
    [bob_ended] = notices(bob, Kind.SEASON_ENDED)
    assert bob_ended.text.endswith("you played no game in it.")
    # and CL Winner is an achievement, notified as one
    assert all(n.text.startswith("Achievement: CL") for n in notices(ann, Kind.ACHIEVEMENT))
    assert len(notices(ann, Kind.ACHIEVEMENT)) == 2  # CL Winner and CL Top Player
    assert not Notification.objects.filter(kind=Kind.SEASON_STARTED).exists()
