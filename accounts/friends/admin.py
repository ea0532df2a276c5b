"""Staff's view of friendships and friend requests: read-only lists to look someone up (players
make and end them; a block ends them all). Registered through `accounts/admin.py`."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import FriendRequest, Friendship


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Friendship)
class FriendshipAdmin(ReadOnlyAdmin):
    list_display = ("user", "friend", "created_at")
    list_select_related = ("user", "friend")
    search_fields = ("user__email", "user__display_name", "friend__email", "friend__display_name")
    fields = ("user", "friend", "created_at")
    readonly_fields = fields
    date_hierarchy = "created_at"
    # deleting one row would leave its mirror: ended through the service only
    actions = None

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(FriendRequest)
class FriendRequestAdmin(ReadOnlyAdmin):
    list_display = ("from_user", "to_user", "created_at")
    list_select_related = ("from_user", "to_user")
    search_fields = (
        "from_user__email",
        "from_user__display_name",
        "to_user__email",
        "to_user__display_name",
    )
    fields = ("from_user", "to_user", "created_at")
    readonly_fields = fields
    date_hierarchy = "created_at"
