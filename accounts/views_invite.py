"""The invitation link: a newcomer who opens it and signs up is recorded as the inviter's friend."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from .services.referrals import INVITE_SESSION_KEY, inviter_for_code


@require_GET
def invite(request: HttpRequest, code: str) -> HttpResponse:
    inviter = inviter_for_code(invite_code=code)
    if inviter is None:
        raise Http404("That invitation link is not valid.")
    if request.user.is_authenticated:
        if request.user.pk == inviter.pk:
            messages.info(request, "This is your own invitation link: send it to your friends.")
        else:
            messages.info(request, "You already have an account: invitations are for newcomers.")
        return redirect("home")
    # kept until sign-up, where the account adapter records the referral (once)
    request.session[INVITE_SESSION_KEY] = code
    return render(request, "accounts/invite.html", {"inviter": inviter})
