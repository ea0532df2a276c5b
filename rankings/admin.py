"""Staff pages of the rankings: closed months, with closing a month and closing one again after
its points were corrected; the awards, carries, ranks and achievements, read-only (they are
made by the services, and their coins were paid when they were made)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path

from .achievements.catalogue import ACHIEVEMENTS, BY_SLUG
from .forms import CloseMonthForm
from .models import (
    AchievementAward,
    LongTermAward,
    MonthCarry,
    MonthClose,
    MonthRerun,
    PlayerRank,
)
from .ranks import RANKS
from .services.month_end import month_end
from .services.month_rerun import month_end_again


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and detail pages only: no adding, changing or deleting."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _month_label(year: int, month: int) -> str:
    return f"{year}-{month:02d}"


@admin.register(MonthClose)
class MonthCloseAdmin(ReadOnlyAdmin):
    """Closed months. Closing (or closing again) goes through the services, never an edit: the
    rows here are their record."""

    list_display = ("month_label", "closed_at", "awards", "closed_again_at")
    ordering = ("-year", "-month")
    actions = ("close_again",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[MonthClose]:
        same_month = {"year": OuterRef("year"), "month": OuterRef("month")}
        awards = (
            LongTermAward.objects.filter(**same_month)
            .order_by()
            .values("year")
            .annotate(count=Count("pk"))
            .values("count")
        )
        reruns = MonthRerun.objects.filter(**same_month).order_by("-at").values("at")[:1]
        return (
            super()
            .get_queryset(request)
            .annotate(
                award_count=Coalesce(Subquery(awards, output_field=IntegerField()), 0),
                rerun_at=Subquery(reruns),
            )
        )

    def has_close_permission(self, request: HttpRequest) -> bool:
        # the model's change permission, though the rows themselves are never edited
        return request.user.has_perm("rankings.change_monthclose")

    @admin.display(description="month", ordering="year")
    def month_label(self, closed: MonthClose) -> str:
        return _month_label(closed.year, closed.month)

    @admin.display(description="long-term awards", ordering="award_count")
    def awards(self, closed: MonthClose) -> int:
        return closed.award_count

    @admin.display(description="last closed again", ordering="rerun_at")
    def closed_again_at(self, closed: MonthClose) -> Any:
        return closed.rerun_at or "—"

    @admin.action(
        description="Close again from the recorded points",
        permissions=["close"],
    )
    def close_again(self, request: HttpRequest, queryset: QuerySet[MonthClose]) -> None:
        # read first: closing again deletes and remakes the selected rows
        months = list(queryset.order_by("year", "month").values_list("year", "month"))
        for year, month in months:
            label = _month_label(year, month)
            try:
                ended = month_end_again(year=year, month=month, staff_id=request.user.pk)
            except ValueError as refused:
                self.message_user(request, str(refused), messages.ERROR)
                continue
            awards = LongTermAward.objects.filter(year=year, month=month).count()
            self.message_user(
                request,
                f"Closed {label} again from the recorded points: {awards} long-term awards, "
                f"{ended.achievements_awarded} new month achievements.",
                messages.SUCCESS,
            )

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {**(extra_context or {}), "may_close": self.has_close_permission(request)}
        return super().changelist_view(request, context)

    def get_urls(self) -> list[URLPattern]:
        close = path(
            "close/",
            self.admin_site.admin_view(self.close_month_view),
            name="rankings_monthclose_close",
        )
        return [close, *super().get_urls()]

    def close_month_view(self, request: HttpRequest) -> HttpResponse:
        """Closes a month the beat job has not closed (say, it was down at the month's turn)."""
        if not self.has_close_permission(request):
            raise PermissionDenied
        form = CloseMonthForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            first = form.cleaned_data["month"]
            label = _month_label(first.year, first.month)
            ended = month_end(year=first.year, month=first.month)
            if ended.closed_now:
                awards = LongTermAward.objects.filter(year=first.year, month=first.month).count()
                self.message_user(
                    request,
                    f"Closed {label}: {awards} long-term awards, "
                    f"{ended.achievements_awarded} month achievements.",
                    messages.SUCCESS,
                )
            else:
                self.message_user(
                    request,
                    f"{label} was already closed: nothing done. To make its awards afresh from "
                    "the recorded points, select it and choose “Close again from the recorded "
                    "points”.",
                    messages.WARNING,
                )
            return redirect("admin:rankings_monthclose_changelist")
        context = {
            **self.admin_site.each_context(request),
            "title": "Close a month",
            "form": form,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/rankings/monthclose/close.html", context)


@admin.register(MonthRerun)
class MonthRerunAdmin(ReadOnlyAdmin):
    """Who closed which month again, and when."""

    list_display = ("month_label", "staff", "at")
    list_select_related = ("staff",)
    list_filter = ("year", "month")
    ordering = ("-at",)

    @admin.display(description="month", ordering="year")
    def month_label(self, rerun: MonthRerun) -> str:
        return _month_label(rerun.year, rerun.month)


@admin.register(LongTermAward)
class LongTermAwardAdmin(ReadOnlyAdmin):
    list_display = ("player", "year", "month", "table", "position", "points")
    list_select_related = ("player",)
    list_filter = ("year", "month", "table")
    search_fields = ("player__display_name",)
    search_help_text = "A player's display name."
    ordering = ("-year", "-month", "table", "position")


@admin.register(MonthCarry)
class MonthCarryAdmin(ReadOnlyAdmin):
    list_display = ("player", "year", "month", "points")
    list_select_related = ("player",)
    list_filter = ("year", "month")
    search_fields = ("player__display_name",)
    search_help_text = "A player's display name."
    ordering = ("-year", "-month", "-points")


class RankFilter(admin.SimpleListFilter):
    title = "rank"
    parameter_name = "rank"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(rank.slug, rank.name) for rank in RANKS[1:]]  # nobody has a row for Newbie

    def queryset(self, request: HttpRequest, queryset: QuerySet[PlayerRank]) -> QuerySet:
        return queryset.filter(rank=self.value()) if self.value() else queryset


@admin.register(PlayerRank)
class PlayerRankAdmin(ReadOnlyAdmin):
    list_display = ("player", "rank", "threshold", "reached_at")
    list_select_related = ("player",)
    list_filter = (RankFilter, "reached_at")
    search_fields = ("player__display_name",)
    search_help_text = "A player's display name."
    ordering = ("-reached_at",)


class AchievementFilter(admin.SimpleListFilter):
    title = "achievement"
    parameter_name = "achievement"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(achievement.slug, achievement.name) for achievement in ACHIEVEMENTS]

    def queryset(self, request: HttpRequest, queryset: QuerySet[AchievementAward]) -> QuerySet:
        return queryset.filter(achievement=self.value()) if self.value() else queryset


@admin.register(AchievementAward)
class AchievementAwardAdmin(ReadOnlyAdmin):
    list_display = ("player", "achievement_name", "occurrence", "game", "awarded_at", "silver")
    list_select_related = ("player", "game")
    list_filter = (AchievementFilter, "awarded_at")
    search_fields = ("player__display_name", "player__email", "occurrence")
    search_help_text = "A player's display name or e-mail address, or an occurrence."
    date_hierarchy = "awarded_at"
    ordering = ("-awarded_at", "-pk")

    @admin.display(description="achievement", ordering="achievement")
    def achievement_name(self, award: AchievementAward) -> str:
        known = BY_SLUG.get(award.achievement)
        return known.name if known else award.achievement
