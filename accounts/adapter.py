"""allauth's account adapter for the site (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

import logging

from allauth.account.adapter import DefaultAccountAdapter
from django.db import IntegrityError, transaction
from django.forms import BaseForm
from django.http import HttpRequest

from .models import User
from .services.referrals import INVITE_SESSION_KEY, ReferralRefused, referral_record
from .services.settings import display_name_refusal
from .signup_form import DisplayNameTaken

logger = logging.getLogger(__name__)


class AccountAdapter(DefaultAccountAdapter):
    def save_user(
        self, request: HttpRequest, user: User, form: BaseForm, commit: bool = True
    ) -> User:
        user = super().save_user(request, user, form, commit=False)
        # set before the first save: the database refuses two players with one name, or with
        # names that look alike
        user.display_name_set(form.cleaned_data["display_name"])
        if not commit:
            return user
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError as error:
            refusal = display_name_refusal(error)
            if refusal is None:
                raise
            raise DisplayNameTaken(refusal) from error
        self._invitation_record(request, user)
        return user

    def _invitation_record(self, request: HttpRequest, user: User) -> None:
        """The newcomer came through a friend's invitation link (accounts/views_invite.py)."""
        invite_code = request.session.pop(INVITE_SESSION_KEY, None)
        if not invite_code:
            return
        try:
            referral_record(invite_code=invite_code, invited_id=user.pk)
        except ReferralRefused as refused:
            # a stale or bogus link never stops a sign-up
            logger.info("invitation %r not recorded for user %s: %s", invite_code, user.pk, refused)
