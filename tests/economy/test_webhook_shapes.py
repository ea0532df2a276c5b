"""Signed Stripe events of a shape the site cannot use: answered 200 with the reason (never a
500, which Stripe retries for days), recorded once for staff, no coin moved; a body that is not
JSON or not signed stays a 400."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from economy.models import Purchase, StripeEvent, UnusableStripeEvent, Wallet
from economy.services.purchases_webhook import HANDLERS, PAYLOAD_KEPT
from economy.services.stripe_payloads import OBJECT_CHECKS
from economy.stripe_standin import signature_header

from .coins import new_player
from .conftest import WEBHOOK_SECRET
from .webhook_scene import (
    UNHANDLED_TYPE,
    Delivery,
    Scene,
    deliver,
    delivered_twice,
    fresh,
    scene_build,
    undone,
)

pytestmark = pytest.mark.django_db

Shape = Callable[[dict[str, Any]], Any]


@pytest.fixture
def scene(player, player_client, stand_in) -> Scene:
    return scene_build(player, player_client, stand_in)


def dropped(*path: str) -> Shape:
    def change(event: dict[str, Any]) -> dict[str, Any]:
        node = event
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
        return event

    return change


def replaced(*path: str, value: Any) -> Shape:
    def change(event: dict[str, Any]) -> dict[str, Any]:
        node = event
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(node[path[-1]]) if callable(value) else value
        return event

    return change


def unusable(
    scene: Scene, kind: str, shape: Shape, *, then_good: bool = True
) -> tuple[dict[str, Any], Delivery]:
    event = shape(fresh(scene.events[kind]))
    delivery = delivered_twice(scene, event, kind, then_good=then_good)
    assert delivery.status_code == 200 and delivery.unusable is not None
    return event, delivery


WELL_FORMED_EFFECTS = {  # the player's gold and open disputes, the second checkout's status
    "checkout.session.completed": (700, 0, "paid"),
    "checkout.session.async_payment_succeeded": (700, 0, "paid"),
    "checkout.session.async_payment_failed": (600, 0, "failed"),
    "checkout.session.expired": (600, 0, "expired"),
    "charge.refunded": (400, 0, "created"),  # 333 of 999 cents: 200 of 600 gold
    "charge.dispute.created": (600, 1, "created"),
    "charge.dispute.closed": (0, 0, "created"),  # lost
    UNHANDLED_TYPE: (600, 0, "created"),
}


def test_each_well_formed_event_does_its_part_once(scene):
    assert WELL_FORMED_EFFECTS.keys() == scene.events.keys()
    for kind, effect in WELL_FORMED_EFFECTS.items():
        with undone():
            event = fresh(scene.events[kind])
            assert deliver(scene.webhook, event) == Delivery(200, None)
            assert deliver(scene.webhook, event) == Delivery(200, None)
            wallet = Wallet.objects.get(pk=scene.player.pk)
            second = Purchase.objects.get(pack="gold-100")
            assert (wallet.gold, wallet.open_disputes, second.status) == effect, kind
            assert StripeEvent.objects.filter(event_id=event["id"], type=kind).count() == 1
            assert not UnusableStripeEvent.objects.exists()


SEVEN_SHAPES_SEEN = {
    "a list where the session was": (
        "checkout.session.completed",
        replaced("data", "object", value=lambda session: [session]),
    ),
    "an event without id": ("charge.refunded", dropped("id")),
    "a dispute without id": ("charge.dispute.closed", dropped("data", "object", "id")),
    "a refund without amount_refunded": (
        "charge.refunded",
        dropped("data", "object", "amount_refunded"),
    ),
    "amount_refunded as a string": (
        "charge.refunded",
        replaced("data", "object", "amount_refunded", value="333"),
    ),
    "amount_total as a string": (
        "checkout.session.completed",
        replaced("data", "object", "amount_total", value="199"),
    ),
    "amount_refunded null": (
        "charge.refunded",
        replaced("data", "object", "amount_refunded", value=None),
    ),
}


@pytest.mark.parametrize("name", SEVEN_SHAPES_SEEN)
def test_the_seven_shapes_seen_are_answered_200_recorded_once_and_move_nothing(scene, name):
    kind, shape = SEVEN_SHAPES_SEEN[name]
    event, delivery = unusable(scene, kind, shape)

    assert delivery.unusable["reason"] == "shape"
    record = UnusableStripeEvent.objects.get()
    assert (record.event_id, record.type) == (event.get("id", ""), kind)
    assert (record.reason, record.deliveries) == ("shape", 2)
    assert record.detail == delivery.unusable["detail"]
    assert json.loads(record.payload) == event
    assert not StripeEvent.objects.filter(event_id=event.get("id", "")).exists()


def test_the_site_checks_exactly_the_types_it_handles():
    assert HANDLERS.keys() == OBJECT_CHECKS.keys()


OTHER_UNUSABLE = {
    "a checkout that is not ours": (
        "checkout.session.completed",
        replaced("data", "object", value=lambda s: {**s, "id": "cs_test_other", "metadata": {}}),
        "not_ours",
    ),
    "a charge without payment intent": (
        "charge.refunded",
        replaced("data", "object", "payment_intent", value=None),
        "not_ours",
    ),
    "a dispute without payment intent": (
        "charge.dispute.created",
        replaced("data", "object", "payment_intent", value=None),
        "not_ours",
    ),
    "more refunded than charged": (
        "charge.refunded",
        replaced("data", "object", "amount_refunded", value=1000),
        "inconsistent",
    ),
    "a charge that is not the purchase's price": (
        "charge.refunded",
        replaced("data", "object", value=lambda charge: {**charge, "amount": 500}),
        "inconsistent",
    ),
    "a payment said to succeed that is unpaid": (
        "checkout.session.async_payment_succeeded",
        replaced("data", "object", "payment_status", value="unpaid"),
        "inconsistent",
    ),
    "our metadata as numbers": (
        "checkout.session.completed",
        replaced("data", "object", "metadata", value={"purchase_id": 2, "user_id": 1}),
        "shape",
    ),
    "a NUL in the session id": (
        "checkout.session.expired",
        replaced("data", "object", "id", value="cs_test_\x00"),
        "shape",
    ),
    "an amount too large to keep": (
        "checkout.session.completed",
        replaced("data", "object", "amount_total", value=2**64),
        "shape",
    ),
    "a dispute whose status is a list": (
        "charge.dispute.closed",
        replaced("data", "object", "status", value=["lost"]),
        "shape",
    ),
    "an event whose type is not one": (
        "customer.created",
        replaced("type", value={"name": "customer.created"}),
        "shape",
    ),
}


@pytest.mark.parametrize("name", OTHER_UNUSABLE)
def test_events_that_are_not_ours_or_do_not_add_up_are_recorded_with_their_reason(scene, name):
    kind, shape, reason = OTHER_UNUSABLE[name]
    event, delivery = unusable(scene, kind, shape)
    assert delivery.unusable["reason"] == reason
    record = UnusableStripeEvent.objects.get()
    assert (record.event_id, record.reason) == (event["id"], reason)


def test_an_event_id_with_a_surrogate_is_kept_without_id_and_once_by_its_body(scene):
    event = fresh(scene.events["charge.refunded"])
    event["id"] = "evt_\udc00"
    event, delivery = unusable(scene, "charge.refunded", lambda _: event)
    record = UnusableStripeEvent.objects.get()
    assert (record.event_id, record.type, record.deliveries) == ("", "charge.refunded", 2)
    assert delivery.unusable["detail"] == "id: expected a Stripe id, got string"


@pytest.mark.parametrize(
    "body", [[{"id": "evt_1", "type": "charge.refunded"}], "charge.refunded", 42, None, {}]
)
def test_a_body_that_is_no_event_object_is_recorded_once_per_body(scene, body):
    delivered_twice(scene, body, "charge.refunded")
    delivered_twice(scene, [body], "charge.refunded")
    records = UnusableStripeEvent.objects.order_by("id")
    assert [(r.event_id, r.reason, r.deliveries) for r in records] == [("", "shape", 2)] * 2


def test_an_unhandled_type_is_taken_whatever_its_object_but_not_without_id(scene):
    event = fresh(scene.events["customer.created"])
    event["data"] = ["not", "read"]
    assert delivered_twice(scene, event, "customer.created") == Delivery(200, None)
    assert StripeEvent.objects.filter(event_id=event["id"], type="customer.created").exists()

    del event["id"]
    assert delivered_twice(scene, event, "customer.created").unusable["reason"] == "shape"


def test_a_large_unusable_payload_is_kept_cut(scene):
    event = fresh(scene.events["charge.refunded"])
    event["data"]["object"]["metadata"] = {"note": "x" * (2 * PAYLOAD_KEPT)}
    event["data"]["object"]["amount"] = "999"
    delivered_twice(scene, event, "charge.refunded")
    record = UnusableStripeEvent.objects.get()
    assert len(record.payload) == PAYLOAD_KEPT
    assert record.payload_size == len(json.dumps(event)) > PAYLOAD_KEPT


@pytest.mark.parametrize(
    "payload",
    ["not json", '{"id": NaN}', "[" * 100_000 + "]" * 100_000, '{"id": "evt_1",'],
)
def test_a_signed_body_that_is_not_json_stays_a_400(scene, payload):
    response = scene.webhook.post(
        reverse("purchases:stripe_webhook"),
        data=payload,
        content_type="application/json",
        headers={"Stripe-Signature": signature_header(payload, WEBHOOK_SECRET)},
    )
    assert response.status_code == 400
    assert not UnusableStripeEvent.objects.exists()


def test_a_signed_body_that_is_not_utf8_is_a_400(scene):
    body, timestamp = b'{"id": "evt_\xff"}', int(time.time())
    digest = hmac.new(WEBHOOK_SECRET.encode(), b"%d.%s" % (timestamp, body), hashlib.sha256)
    response = scene.webhook.post(
        reverse("purchases:stripe_webhook"),
        data=body,
        content_type="application/json",
        headers={"Stripe-Signature": f"t={timestamp},v1={digest.hexdigest()}"},
    )
    assert response.status_code == 400
    assert not UnusableStripeEvent.objects.exists()


def test_an_unusable_event_signed_with_another_secret_stays_a_400(scene):
    event = dropped("id")(copy.deepcopy(scene.events["charge.refunded"]))
    payload = json.dumps(event)
    response = scene.webhook.post(
        reverse("purchases:stripe_webhook"),
        data=payload,
        content_type="application/json",
        headers={"Stripe-Signature": signature_header(payload, "whsec_someone_else")},
    )
    assert response.status_code == 400
    assert not UnusableStripeEvent.objects.exists()


# ---- staff ------------------------------------------------------------------------------------


def test_staff_find_unusable_events_in_the_admin_read_only(scene):
    refund, _ = unusable(
        scene, "charge.refunded", replaced("data", "object", "amount_refunded", value="333")
    )
    stranger, _ = unusable(
        scene,
        "checkout.session.completed",
        replaced("data", "object", value=lambda s: {**s, "id": "cs_test_other", "metadata": {}}),
        then_good=False,  # the refund's well-formed event has been handled: another scene
    )
    staff = Client()
    staff.force_login(new_player("Boss", is_staff=True, is_superuser=True))
    listing_url = reverse("admin:economy_unusablestripeevent_changelist")

    listing = staff.get(listing_url)
    assert listing.status_code == 200
    text = listing.content.decode()
    assert refund["id"] in text and stranger["id"] in text
    assert "Unexpected shape" in text and "Not about a purchase of ours" in text
    assert staff.get(listing_url, {"q": refund["id"]}).context["cl"].result_count == 1
    assert staff.get(listing_url, {"q": "checkout.session"}).context["cl"].result_count == 1
    assert staff.get(listing_url, {"reason__exact": "not_ours"}).context["cl"].result_count == 1

    record = UnusableStripeEvent.objects.get(event_id=refund["id"])
    detail = staff.get(reverse("admin:economy_unusablestripeevent_change", args=[record.pk]))
    assert detail.status_code == 200
    page = detail.content.decode()
    assert "data.object.amount_refunded: expected an amount in cents, got string" in page
    assert "&quot;amount_refunded&quot;: &quot;333&quot;" in page  # the payload, escaped
    assert 'name="reason"' not in page  # read-only
    assert staff.get(reverse("admin:economy_unusablestripeevent_add")).status_code == 403
    deleting = reverse("admin:economy_unusablestripeevent_delete", args=[record.pk])
    assert staff.post(deleting, {"post": "yes"}).status_code == 403
    assert UnusableStripeEvent.objects.count() == 2


def test_players_and_staff_without_the_right_do_not_see_unusable_events(scene, player_client):
    unusable(scene, "charge.refunded", dropped("data", "object", "amount_refunded"))
    listing_url = reverse("admin:economy_unusablestripeevent_changelist")

    visitor = Client().get(listing_url)
    assert visitor.status_code == 302 and visitor["Location"].startswith(reverse("admin:login"))
    assert player_client.get(listing_url).status_code == 404  # the admin is not advertised
    helper = Client()
    helper.force_login(new_player("Helper", is_staff=True))
    assert helper.get(listing_url).status_code == 403
