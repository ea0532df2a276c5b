"""Staff views of games, chat and abuse reports. The review workflow of reports (actions on
accounts) comes with the accounts issue; here staff can read a report with its chat and close it."""

from __future__ import annotations

from django.contrib import admin

from .models import AbuseReport, Action, ChatMessage, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "in_play", "cancelled", "time_limit_ms", "timeouts")
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "status", "score_team0", "score_team1", "created_at")
    list_filter = ("status", "kind")
    readonly_fields = (
        "kind",
        "status",
        "rules",
        "seed",
        "version",
        "created_by",
        "invite_token",
        "started_at",
        "finished_at",
        "turn_deadline",
        "moved_at",
        "score_team0",
        "score_team1",
        "winner_team",
    )
    inlines = [SeatInline]

    def has_add_permission(self, request) -> bool:
        return False  # games are made by players, through the services


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "seat", "text", "created_at")
    search_fields = ("text", "user__email", "user__display_name")
    readonly_fields = ("game", "user", "seat", "text", "created_at")


@admin.register(AbuseReport)
class AbuseReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reported", "reason", "reporter", "game", "status")
    list_filter = ("status", "reason")
    search_fields = ("reported__email", "reported__display_name", "details")
    readonly_fields = (
        "reporter",
        "reported",
        "game",
        "reason",
        "details",
        "chat_excerpt",
        "created_at",
    )
    fields = (*readonly_fields, "status", "staff_note")


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("game", "sequence", "seat", "action", "source", "created_at")
    list_filter = ("source",)
    readonly_fields = ("game", "sequence", "seat", "action", "source", "created_at")
