"""Staff view of user accounts. Access (active, blocked) is read-only here: a block goes through
the Player page (games), so that its consequences (sockets closed, games handed to the computer,
the decision recorded) happen; accounts does not import games, so the link is by URL name."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from .admin_forms import UserChangeAdminForm, UserCreationAdminForm
from .friends import admin as friends_admin  # noqa: F401  (registers the friends' pages)
from .models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = UserChangeAdminForm
    add_form = UserCreationAdminForm
    ordering = ["email"]
    list_display = ["email", "display_name", "is_staff", "is_active", "blocked_at", "date_joined"]
    list_filter = ["is_staff", "is_superuser", "is_active"]
    search_fields = ["email", "display_name"]
    readonly_fields = ["date_joined", "last_login", "is_active", "blocked_at", "player_page"]
    fieldsets = [
        (None, {"fields": ["email", "display_name", "password"]}),
        ("Access", {"fields": ["is_active", "blocked_at", "player_page"]}),
        ("Staff", {"fields": ["is_staff", "is_superuser", "groups"]}),
        ("Dates", {"fields": ["date_joined", "last_login"]}),
    ]
    add_fieldsets = [
        (None, {"classes": ["wide"], "fields": ["email", "display_name", "password1", "password2"]})
    ]

    @admin.display(description="block or unblock")
    def player_page(self, user: User) -> SafeString | str:
        if user.pk is None:
            return "—"
        try:
            url = reverse("admin:games_player_change", args=[user.pk])
        except NoReverseMatch:
            return "—"
        return format_html(
            '<a href="{}">{}</a> (games, reports, and the Block / Lift the block buttons)',
            url,
            "Player page",
        )
