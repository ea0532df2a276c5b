"""The friends page's first picture of its friends' presence (accounts renders the page and
imports no games: its template reads `friends_presence`, a callable the template calls only
where it is used, so other pages pay nothing)."""

from __future__ import annotations

import functools
from typing import Any

from django.http import HttpRequest

from .selectors import friends_presence_json


def friends_presence(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"friends_presence": functools.partial(friends_presence_json, viewer_id=user.pk)}
