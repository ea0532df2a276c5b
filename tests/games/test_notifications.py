"""Notifications of the games app's events (issue 22): an invitation to a table (by name, and
play again's), a staff warning, a block of one's account (also by e-mail), and the outcome of a
report one made."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import Notification, NotificationKind, User
from games.engine import RuleOptions
from games.models import Game
from games.moderation.models import AbuseReport
from games.moderation.services.decisions import player_block, player_warn, report_dismiss
from games.moderation.services.reports import report_create
from games.tables.services.play_again import play_again
from games.tables.services.tables import invitation_send, seat_take, table_create, table_start
from tests.games.conftest import play_to_the_end

pytestmark = pytest.mark.django_db

Kind = NotificationKind


@pytest.fixture
def staff(make_player) -> User:
    return make_player("Sam", is_staff=True)


def notices(player: User, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(recipient=player, kind=kind))


def reported(game: Game, reporter: User, seat: int, reason: str = "abuse") -> AbuseReport:
    return report_create(reporter_id=reporter.pk, game_id=game.pk, seat=seat, reason=reason)


@pytest.mark.parametrize("emails", [True, False])
def test_an_invitation_to_a_table_notifies_once_and_mails_unless_turned_off(
    make_player, django_capture_on_commit_callbacks, emails
):
    host, friend = make_player("Host"), make_player("Friend", notification_emails=emails)
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with django_capture_on_commit_callbacks(execute=True):
        invitation_send(game_id=game.pk, user_id=host.pk, name="friend")
        invitation_send(game_id=game.pk, user_id=host.pk, name="Friend")  # again: same invitation

    [notice] = notices(friend, Kind.TABLE_INVITATION)
    assert notice.text == "Host invited you to a table: take a seat before it starts."
    assert notice.link == f"/tables/{game.pk}/"
    assert not Notification.objects.exclude(recipient=friend).exists()
    if emails:
        [sent] = mail.outbox
        assert sent.to == [friend.email] and "Host invited you to a table" in sent.body
        assert f"/tables/{game.pk}/" in sent.body
    else:
        assert mail.outbox == []


def test_a_refused_invitation_notifies_nobody(make_player):
    host = make_player("Host")
    game = table_create(creator_id=host.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with pytest.raises(Exception, match="No player is called"):
        invitation_send(game_id=game.pk, user_id=host.pk, name="Nobody")
    assert not Notification.objects.exists()


def test_play_again_invites_the_companions_with_a_notification_each(
    make_player, django_capture_on_commit_callbacks
):
    anna, ben, cleo = make_player("Anna"), make_player("Ben"), make_player("Cleo")
    rules = RuleOptions(variant="three_handed", target_score=2)
    game = table_create(creator_id=anna.pk, kind=Game.Kind.PRIVATE, rules=rules)
    for player in (ben, cleo):
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=anna.pk)
    play_to_the_end(game)

    with django_capture_on_commit_callbacks(execute=True):
        again = play_again(game_id=game.pk, user_id=ben.pk)
        play_again(game_id=game.pk, user_id=cleo.pk)  # sits down: nobody is invited again

    for companion in (anna, cleo):
        [notice] = notices(companion, Kind.TABLE_INVITATION)
        assert notice.link == f"/tables/{again.pk}/" and notice.text.startswith("Ben invited")
    assert notices(ben, Kind.TABLE_INVITATION) == []
    assert sorted(sent.to[0] for sent in mail.outbox) == sorted([anna.email, cleo.email])


def test_a_warning_notifies_the_player_and_the_reporter_hears_action_was_taken(
    started_table, staff, django_capture_on_commit_callbacks
):
    game, players = started_table()
    report = reported(game, players[1], seat=2)
    with django_capture_on_commit_callbacks(execute=True):
        player_warn(
            staff_id=staff.pk, player_id=players[2].pk, report_id=report.pk, note="No insults."
        )

    [warning] = notices(players[2], Kind.WARNING)
    assert warning.text.startswith("A warning from the staff: No insults.")
    [outcome] = notices(players[1], Kind.REPORT_OUTCOME)
    assert outcome.text.startswith(f"Your report of {players[2].display_name} (abusive")
    assert "staff took action" in outcome.text
    assert "No insults" not in outcome.text  # the staff's note is not the reporter's to read
    assert mail.outbox == []  # neither is e-mailed


def test_a_dismissed_report_tells_the_reporter(started_table, staff):
    game, players = started_table()
    report = reported(game, players[3], seat=1, reason="spam")
    report_dismiss(staff_id=staff.pk, report_id=report.pk, note="seemed fine")
    [outcome] = notices(players[3], Kind.REPORT_OUTCOME)
    assert "staff found nothing to act on" in outcome.text
    assert "seemed fine" not in outcome.text
    assert notices(players[1], Kind.REPORT_OUTCOME) == []  # the reported player hears nothing
    assert Notification.objects.count() == 1


@pytest.mark.parametrize("emails", [True, False])
def test_a_block_notifies_and_mails_the_player_and_tells_every_reporter(
    started_table, staff, django_capture_on_commit_callbacks, emails
):
    game, players = started_table()
    rude = players[2]
    User.objects.filter(pk=rude.pk).update(notification_emails=emails)
    first = reported(game, players[1], seat=2)
    second = reported(game, players[3], seat=2, reason="spam")

    with django_capture_on_commit_callbacks(execute=True):
        player_block(staff_id=staff.pk, player_id=rude.pk, report_id=first.pk, note="internal")
        # again: already blocked and no open report left: nothing happens, nobody is told
        assert player_block(staff_id=staff.pk, player_id=rude.pk) is None

    [blocked] = notices(rude, Kind.BLOCKED)
    assert "blocked your account" in blocked.text and "internal" not in blocked.text
    for reporter, report in ((players[1], first), (players[3], second)):
        [outcome] = notices(reporter, Kind.REPORT_OUTCOME)
        assert outcome.source == f"report:{report.pk}" and "staff took action" in outcome.text
    if emails:
        [sent] = mail.outbox
        assert sent.to == [rude.email] and sent.subject == "[Euchre] Account blocked"
        assert "settings" not in sent.body  # they cannot log in to change it
    else:
        assert mail.outbox == []
