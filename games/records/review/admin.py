"""Staff's view of game reviews: which ran, which failed and why. Read-only (a review is made
by its player's request and its task); the verdicts themselves stay out of the list."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import GameReview


@admin.register(GameReview)
class GameReviewAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "progress", "runs", "restarts", "requested_at")
    list_filter = ("status",)
    search_fields = ("game__id",)
    list_select_related = ("game",)
    fields = (
        "game",
        "seat",
        "requested_by",
        "status",
        "progress",
        "runs",
        "restarts",
        "requested_at",
        "heartbeat_at",
        "finished_at",
        "error",
    )
    readonly_fields = fields

    @admin.display(description="progress")
    def progress(self, review: GameReview) -> str:
        return f"{review.decisions_done} of {review.decisions_total} ({review.percent}%)"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # made by the player's request and its task only
