"""Saving a player's display preferences at the table (accounts.preferences says which)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..models import User
from ..preferences import PREFERENCES, display_preferences_clean, display_preferences_of


def display_preferences_update(*, user_id: int, changes: dict[str, Any]) -> dict[str, bool | str]:
    """Stores the changed preferences (others keep their value) and returns every preference.
    Raises PreferenceRefused, saving nothing, when a name or value is not one of the choices."""
    cleaned = display_preferences_clean(changes)
    with transaction.atomic():
        # locked: two tabs saving different preferences at once both keep their change
        user = User.objects.select_for_update().only("id", "display_preferences").get(pk=user_id)
        chosen = display_preferences_of(user.display_preferences)
        chosen.update(cleaned)
        # only what differs from the defaults: a default changed later reaches everyone else
        user.display_preferences = {
            name: value for name, value in chosen.items() if value != PREFERENCES[name].default
        }
        user.save(update_fields=["display_preferences"])
    return chosen
