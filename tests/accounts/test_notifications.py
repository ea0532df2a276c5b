"""Notifications (issue 22): `notify` once per event, the e-mail for the kinds a player should
not miss (after commit, unless they turned e-mails off), the notifications page (newest first,
paged, marked read when shown), the header's unread count and the e-mail setting."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts.context_processors import notifications as notifications_context
from accounts.models import Notification, NotificationKind, User
from accounts.selectors_notifications import NOTIFICATIONS_PER_PAGE
from accounts.services.notifications import (
    notification_email_send,
    notify,
    notify_each,
)

pytestmark = pytest.mark.django_db

Kind = NotificationKind
_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None, **fields) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        # no password (tests log in with force_login)
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com", None, display_name=name, **fields
        )

    return make


def test_notify_records_one_notification_per_event(make_player):
    ann = make_player("Ann")
    first = notify(
        recipient_id=ann.pk, kind=Kind.RANK_REACHED, text="You reached Rookie.", source="rank:x"
    )
    again = notify(
        recipient_id=ann.pk, kind=Kind.RANK_REACHED, text="You reached Rookie.", source="rank:x"
    )
    assert first is not None and again is None
    row = Notification.objects.get()
    assert (row.recipient, row.kind, row.text, row.read_at) == (
        ann,
        Kind.RANK_REACHED,
        "You reached Rookie.",
        None,
    )
    # the same source for another player, or another kind, is another event
    bob = make_player("Bob")
    assert notify(recipient_id=bob.pk, kind=Kind.RANK_REACHED, text="t", source="rank:x")
    assert notify(recipient_id=ann.pk, kind=Kind.ACHIEVEMENT, text="t", source="rank:x")
    assert Notification.objects.count() == 3


def test_notify_each_tells_each_player_once(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    ids = [ann.pk, bob.pk, ann.pk]
    assert notify_each(recipient_ids=ids, kind=Kind.SEASON_STARTED, text="t", source="s:1") == 2
    assert notify_each(recipient_ids=ids, kind=Kind.SEASON_STARTED, text="t", source="s:1") == 0
    assert sorted(Notification.objects.values_list("recipient_id", flat=True)) == sorted(
        [ann.pk, bob.pk]
    )


def test_an_unknown_kind_is_refused_and_nothing_is_recorded(make_player):
    ann = make_player("Ann")
    with pytest.raises(ValueError, match="no notification kind"):
        notify(recipient_id=ann.pk, kind="party", text="t")  # type: ignore[arg-type]
    assert not Notification.objects.exists()


def test_a_long_text_is_cut_to_fit(make_player):
    ann = make_player("Ann")
    notification = notify(recipient_id=ann.pk, kind=Kind.WARNING, text="x" * 1000)
    assert len(notification.text) == Notification.TEXT_MAX
    assert notification.text.endswith("…")


def test_an_emailed_kind_is_mailed_after_commit_to_the_player(
    make_player, django_capture_on_commit_callbacks
):
    ann = make_player("Ann")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        notification = notify(
            recipient_id=ann.pk,
            kind=Kind.TABLE_INVITATION,
            text="Bob invited you to a table.",
            link="/tables/7/",
            source="game:7",
        )
        assert mail.outbox == []  # nothing before the commit
    assert len(callbacks) == 1
    callbacks[0]()
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == [ann.email]
    assert sent.subject == "[Euchre] Invited to a table"
    assert "Bob invited you to a table." in sent.body
    assert "http://localhost:8000/tables/7/" in sent.body
    assert "/accounts/settings/#emails" in sent.body
    notification.refresh_from_db()
    assert notification.emailed_at is not None
    # a second call (a retried callback) sends nothing more
    assert notification_email_send(notification_id=notification.pk) is False
    assert len(mail.outbox) == 1


def test_a_player_who_turned_emails_off_gets_the_notification_but_no_mail(
    make_player, django_capture_on_commit_callbacks
):
    ann = make_player("Ann", notification_emails=False)
    with django_capture_on_commit_callbacks(execute=True):
        notify(recipient_id=ann.pk, kind=Kind.GOLD_CREDITED, text="100 gold", source="p:1")
    assert Notification.objects.filter(recipient=ann, kind=Kind.GOLD_CREDITED).count() == 1
    assert mail.outbox == []


def test_other_kinds_are_not_mailed(make_player, django_capture_on_commit_callbacks):
    ann = make_player("Ann")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        for kind in (Kind.ACHIEVEMENT, Kind.RANK_REACHED, Kind.SEASON_ENDED, Kind.WARNING):
            notify(recipient_id=ann.pk, kind=kind, text="t")
    assert callbacks == [] and mail.outbox == []


def test_a_mail_that_fails_is_logged_and_the_notification_stays(
    make_player, settings, caplog, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2
    ann = make_player("Ann")
    with django_capture_on_commit_callbacks(execute=True):
        notification = notify(recipient_id=ann.pk, kind=Kind.BLOCKED, text="Blocked.")
    notification.refresh_from_db()
    assert notification.emailed_at is None  # may be sent again later
    assert "could not be e-mailed" in caplog.text


# ---- the page, the header, the setting ---------------------------------------------------------


def made(player: User, count: int) -> list[Notification]:
    """`count` notifications, a minute apart, the last made the newest."""
    start = timezone.now() - timedelta(hours=1)
    return [
        Notification.objects.create(
            recipient=player,
            kind=Kind.ACHIEVEMENT,
            text=f"Achievement number {n}",
            link="/achievements/",
            created_at=start + timedelta(minutes=n),
        )
        for n in range(count)
    ]


def test_the_page_needs_a_logged_in_player(client):
    response = client.get(reverse("notifications:list"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


def test_the_page_lists_newest_first_and_marks_the_shown_ones_read(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    rows = made(ann, NOTIFICATIONS_PER_PAGE + 1)
    made(bob, 2)
    client.force_login(ann)

    response = client.get(reverse("notifications:list"))

    assert response.status_code == 200
    shown = response.context["notifications"]
    newest_first = [row.pk for row in reversed(rows)]
    assert [each.pk for each in shown] == newest_first[:NOTIFICATIONS_PER_PAGE]
    assert all(not each.is_read for each in shown)  # shown as new this time
    html = response.content.decode()
    assert html.count('class="notification unread"') == NOTIFICATIONS_PER_PAGE
    assert f"Achievement number {NOTIFICATIONS_PER_PAGE}" in html
    assert 'href="/achievements/"' in html
    assert "Achievement number 0" not in html  # the oldest is on page 2
    # the shown ones are read now; the oldest, not shown, and Bob's are not
    unread = Notification.objects.filter(read_at__isnull=True)
    assert sorted(unread.values_list("pk", flat=True)) == sorted(
        [rows[0].pk, *Notification.objects.filter(recipient=bob).values_list("pk", flat=True)]
    )
    # the header counted after marking: one left
    assert response.context["notifications_unread"] == 1

    page_two = client.get(reverse("notifications:list"), {"page": 2})
    assert [each.pk for each in page_two.context["notifications"]] == [rows[0].pk]
    assert not Notification.objects.filter(recipient=ann, read_at__isnull=True).exists()

    again = client.get(reverse("notifications:list"))
    assert again.content.decode().count('class="notification unread"') == 0


@pytest.mark.parametrize("page", ["abc", "0", "-1", "99999999999999999999", "1.5"])
def test_a_bad_page_number_shows_a_page_not_an_error(client, make_player, page):
    ann = make_player("Ann")
    made(ann, 3)
    client.force_login(ann)
    response = client.get(reverse("notifications:list"), {"page": page})
    assert response.status_code == 200
    assert len(response.context["notifications"]) == 3


def test_mark_all_read_marks_only_the_players_own(client, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    made(ann, NOTIFICATIONS_PER_PAGE + 5)
    made(bob, 2)
    client.force_login(ann)
    assert client.get(reverse("notifications:read_all")).status_code == 405
    response = client.post(reverse("notifications:read_all"))
    assert response.status_code == 302 and response["Location"] == reverse("notifications:list")
    assert not Notification.objects.filter(recipient=ann, read_at__isnull=True).exists()
    assert Notification.objects.filter(recipient=bob, read_at__isnull=True).count() == 2


def test_the_header_shows_the_unread_count_on_every_page(client, make_player):
    ann = make_player("Ann")
    client.force_login(ann)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert 'class="notifications-link"' in html and "unread-count" not in html
    made(ann, 3)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert 'class="notifications-link has-unread"' in html
    assert '<span class="unread-count">3</span>' in html
    assert 'aria-label="Notifications: 3 unread"' in html
    made(ann, 100)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert '<span class="unread-count">99+</span>' in html


def test_the_header_count_is_one_query_and_none_for_visitors(
    make_player, django_assert_num_queries
):
    ann = make_player("Ann")
    made(ann, 4)
    Notification.objects.filter(pk=Notification.objects.first().pk).update(read_at=timezone.now())
    request = RequestFactory().get("/")
    request.user = ann
    with django_assert_num_queries(1):
        assert notifications_context(request) == {"notifications_unread": 3}
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        assert notifications_context(request) == {}


def test_the_settings_page_turns_emails_off_and_on(client, make_player):
    ann = make_player("Ann")
    assert ann.notification_emails is True
    client.force_login(ann)
    html = client.get(reverse("accounts:settings")).content.decode()
    assert 'id="emails"' in html and 'name="notification_emails"' in html

    response = client.post(reverse("accounts:notification_emails"), {})  # unticked
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:settings") + "#emails"
    ann.refresh_from_db()
    assert ann.notification_emails is False

    client.post(reverse("accounts:notification_emails"), {"notification_emails": "on"})
    ann.refresh_from_db()
    assert ann.notification_emails is True
    assert client.get(reverse("accounts:notification_emails")).status_code == 405
