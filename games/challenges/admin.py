"""Staff's view of challenges: a read-only list to look one up (players send and answer them;
the sweeper ends those nobody answered). Registered through `games/admin.py`."""

from __future__ import annotations

from django.contrib import admin

from accounts.admin_read_only import ReadOnlyAdmin

from .models import Challenge


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ("challenger", "challenged", "seat", "status", "created_at", "game")
    list_select_related = ("challenger", "challenged")
    list_filter = ("status",)
    search_fields = (
        "challenger__email",
        "challenger__display_name",
        "challenged__email",
        "challenged__display_name",
    )
    fields = (
        "challenger",
        "challenged",
        "rules",
        "computer_level",
        "seat",
        "status",
        "created_at",
        "expires_at",
        "answered_at",
        "game",
    )
    readonly_fields = fields
    date_hierarchy = "created_at"
    actions = None
