"""Notifications of coins (issue 22): gold bought (credited by Stripe's webhook or the success
page) and a refund, both also e-mailed; a replayed event notifies once; and coins credited by
staff."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse

from accounts.models import Notification, NotificationKind, User
from economy.models import Currency, LedgerEntry
from economy.services.ledger import ledger_post, wallet_locked
from economy.services.staff import wallet_compensate

from .conftest import checkout_open, checkout_paid, webhook_post

pytestmark = pytest.mark.django_db

Kind = NotificationKind


def notices(player: User, kind: str) -> list[Notification]:
    return list(Notification.objects.filter(recipient=player, kind=kind).order_by("id"))


@pytest.mark.parametrize("emails", [True, False])
def test_gold_credited_by_the_webhook_notifies_once_and_mails_unless_turned_off(
    player, player_client, stand_in, django_capture_on_commit_callbacks, emails
):
    User.objects.filter(pk=player.pk).update(notification_emails=emails)
    session_id = checkout_open(player_client, "gold-600")
    event = stand_in.event("checkout.session.completed", stand_in.session_pay(session_id))

    with django_capture_on_commit_callbacks(execute=True):
        assert webhook_post(player_client, event).status_code == 200
        assert webhook_post(player_client, event).status_code == 200  # Stripe replays it
        # and the success page, coming after, credits nothing more
        player_client.get(reverse("purchases:bought") + f"?session_id={session_id}")

    [notice] = notices(player, Kind.GOLD_CREDITED)
    assert (
        notice.text
        == "Your purchase of 600 gold (9.99 USD) is paid: 600 gold added to your wallet."
    )
    assert notice.link == reverse("economy:wallet")
    if emails:
        [sent] = mail.outbox
        assert sent.to == [player.email] and sent.subject == "[Euchre] Gold bought"
        assert "600 gold added" in sent.body
    else:
        assert mail.outbox == []


def test_gold_credited_by_the_success_page_notifies_once(player, player_client, stand_in):
    session_id = checkout_open(player_client)
    session = stand_in.session_pay(session_id)
    player_client.get(reverse("purchases:bought") + f"?session_id={session_id}")
    webhook_post(player_client, stand_in.event("checkout.session.completed", session))
    webhook_post(player_client, stand_in.event("checkout.session.async_payment_succeeded", session))
    assert len(notices(player, Kind.GOLD_CREDITED)) == 1


def test_gold_that_pays_a_debt_says_so(player, player_client, stand_in):
    with transaction.atomic():
        ledger_post(
            wallet=wallet_locked(user_id=player.pk),
            currency=Currency.GOLD_DEBT,
            amount=150,
            reason=LedgerEntry.Reason.REFUND,
            reference="test",
            idempotency_key="test-debt",
        )
    checkout_paid(player_client, stand_in, "gold-600")
    [notice] = notices(player, Kind.GOLD_CREDITED)
    assert notice.text.endswith(": 150 gold paid what you owed, 450 added.")


def refund(client, stand_in, session_id: str, cents: int) -> dict:
    event = stand_in.event("charge.refunded", stand_in.charge_refund(session_id, cents))
    assert webhook_post(client, event).status_code == 200
    return event


def test_each_refund_notifies_once_and_is_mailed(
    player, player_client, stand_in, django_capture_on_commit_callbacks
):
    session_id = checkout_paid(player_client, stand_in, "gold-100")  # 100 gold for $1.99
    with django_capture_on_commit_callbacks(execute=True):
        partial = refund(player_client, stand_in, session_id, 50)
        assert webhook_post(player_client, partial).status_code == 200  # replayed
        refund(player_client, stand_in, session_id, 149)  # the rest: cumulative 199

    texts = [notice.text for notice in notices(player, Kind.GOLD_REFUNDED)]
    assert texts == [
        "Your purchase of 100 gold was partly refunded (0.50 USD in all): 25 gold taken back.",
        "Your purchase of 100 gold was refunded (1.99 USD in all): 75 gold taken back.",
    ]
    refunds = [sent for sent in mail.outbox if sent.subject == "[Euchre] A purchase refunded"]
    assert [sent.to for sent in refunds] == [[player.email]] * 2


def test_coins_credited_by_staff_notify_and_a_debit_does_not(player, db):
    staff = User.objects.create_user("sam@example.com", None, display_name="Sam", is_staff=True)
    for _ in range(2):  # a double submit of the admin's form: one key, one credit
        wallet_compensate(
            staff_id=staff.pk,
            user_id=player.pk,
            currency=Currency.GOLD,
            amount=30,
            note="Server fault in game 12",
            idempotency_key="form-key-1",
        )
    wallet_compensate(
        staff_id=staff.pk, user_id=player.pk, currency=Currency.GOLD, amount=-5, note="Fix"
    )
    [notice] = notices(player, Kind.COINS_CREDITED)
    assert notice.text == "The staff credited you 30 gold: Server fault in game 12"
    assert Notification.objects.filter(recipient=player).count() == 1
    assert mail.outbox == []
