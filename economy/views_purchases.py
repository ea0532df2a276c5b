"""Buying gold: the packs, the way to Stripe Checkout and back, and Stripe's webhook. Thin: each
view calls one service or selector."""

from __future__ import annotations

import logging
import uuid

import stripe
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from .models import Purchase
from .selectors_purchases import gold_owed, pack_offers, purchase_of
from .services.purchases import PurchaseRefused, purchase_start, purchase_sync_from_checkout
from .services.purchases_refunds import PurchaseNotYetKnown
from .services.purchases_webhook import stripe_event_handle
from .services.stripe_payloads import event_json

log = logging.getLogger(__name__)

# Stripe's own default: a signature older than five minutes is refused (replays)
SIGNATURE_TOLERANCE_SECONDS = 300


@login_required
@require_GET
@never_cache  # each rendering carries fresh one-time request keys
def buy(request: HttpRequest) -> HttpResponse:
    offers = [
        {"offer": offer, "request_key": uuid.uuid4().hex}
        for offer in pack_offers(user_id=request.user.pk)
    ]
    return render(
        request,
        "economy/buy.html",
        {"offers": offers, "gold_owed": gold_owed(user_id=request.user.pk)},
    )


@login_required
@require_POST
def checkout(request: HttpRequest) -> HttpResponse:
    success_url = request.build_absolute_uri(reverse("purchases:bought"))
    try:
        started = purchase_start(
            user_id=request.user.pk,
            pack_id=request.POST.get("pack", ""),
            request_key=request.POST.get("request_key", ""),
            success_url=success_url + "?session_id={CHECKOUT_SESSION_ID}",
            cancel_url=request.build_absolute_uri(reverse("purchases:cancelled")),
        )
    except PurchaseRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("purchases:buy")
    # 303: the browser fetches Stripe's page with GET, whatever the POST it came from
    response = HttpResponseRedirect(started.checkout_url)
    response.status_code = 303
    return response


@login_required
@require_GET
@never_cache
def bought(request: HttpRequest) -> HttpResponse:
    session_id = request.GET.get("session_id", "")
    purchase = purchase_of(user_id=request.user.pk, session_id=session_id)
    if purchase is not None and purchase.status == Purchase.Status.CREATED:
        purchase = purchase_sync_from_checkout(user_id=request.user.pk, session_id=session_id)
    return render(request, "economy/bought.html", {"purchase": purchase, "session_id": session_id})


@login_required
@require_GET
@never_cache
def bought_status(request: HttpRequest) -> JsonResponse:
    """Polled by the success page while the payment is processing."""
    purchase = purchase_of(user_id=request.user.pk, session_id=request.GET.get("session_id", ""))
    if purchase is None:
        return JsonResponse({"status": "unknown"}, status=404)
    return JsonResponse({"status": purchase.status, "gold": purchase.gold})


@login_required
@require_GET
def cancelled(request: HttpRequest) -> HttpResponse:
    messages.info(request, "You left the checkout. Nothing was charged.")
    return redirect("purchases:buy")


@csrf_exempt
@require_POST
def stripe_webhook(request: HttpRequest) -> HttpResponse:
    # the signature by Stripe's library; the JSON read here rather than by construct_event,
    # whose StripeObject fails on a signed body of another shape (the service checks shapes)
    try:
        body = request.body.decode("utf-8")
        stripe.WebhookSignature.verify_header(
            body,
            request.headers.get("Stripe-Signature"),
            settings.STRIPE_WEBHOOK_SECRET,
            tolerance=SIGNATURE_TOLERANCE_SECONDS,
        )
        event = event_json(body)
    except ValueError:
        return HttpResponse("Not a Stripe event.", status=400, content_type="text/plain")
    except stripe.SignatureVerificationError:
        return HttpResponse("Bad or stale signature.", status=400, content_type="text/plain")
    try:
        outcome = stripe_event_handle(event=event, body=body)
    except PurchaseNotYetKnown:
        # its checkout has not been handled yet: Stripe retries, with backoff, for three days
        return HttpResponse("Purchase not known yet.", status=503, content_type="text/plain")
    if outcome.status == "unusable":
        # 2xx: Stripe would retry anything else for days, and the event would not change
        return JsonResponse(
            {"status": "unusable", "reason": outcome.reason, "detail": outcome.detail}
        )
    return HttpResponse("ok", content_type="text/plain")
