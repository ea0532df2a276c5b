"""A logged-in session for a player made by a tool or a test (no login form): the cookie a
client sends, `sessionid=...`, stored by the site's session engine."""

from __future__ import annotations

from importlib import import_module
from typing import Any


def session_cookie_of(user: Any) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
