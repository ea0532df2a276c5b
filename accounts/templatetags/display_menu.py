"""`{% display_menu %}`: the table page's menu of display preferences, the same fields as the
settings page's form (accounts.preferences), set to the player's choices."""

from __future__ import annotations

from typing import Any

from django import template

from ..forms import DisplayPreferencesForm

register = template.Library()


@register.inclusion_tag("accounts/display_menu.html", takes_context=True)
def display_menu(context: template.Context) -> dict[str, Any]:
    user = context.get("user")
    initial = user.table_display if user is not None and hasattr(user, "table_display") else {}
    # ids of their own: the settings page's form may share a page with it one day
    form = DisplayPreferencesForm(initial=initial, auto_id="display_%s")
    return {"form": form, "csrf_token": context.get("csrf_token")}
