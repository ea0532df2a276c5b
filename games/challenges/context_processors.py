"""Every page's prompts of the challenges waiting for the player (the live ones arrive by the
site socket: `challenges.js`): a callable the template calls only where it is used."""

from __future__ import annotations

import functools
from typing import Any

from django.http import HttpRequest

from .selectors import challenges_incoming


def challenges_waiting(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"challenges_waiting": functools.partial(challenges_incoming, user_id=user.pk)}
