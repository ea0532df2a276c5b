"""Staff pages of moderation: abuse reports (with the chat behind them) and the record of decisions
(players: `admin_players`). Every decision goes through `games.moderation.services.decisions` (the
Dismiss, Warn, Block forever and Lift the block buttons), so that its consequences happen at once
and it is recorded with who and when; the pages themselves are read-only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import URLPattern, path, reverse
from django.utils.dateparse import parse_datetime
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.admin_display import READ_ONLY_PAGE, admin_link, game_link, player_link, table, when
from games.models import Seat

from .models import AbuseReport, ModerationDecision
from .services.decisions import (
    ModerationRefused,
    player_block,
    player_warn,
    report_dismiss,
)

NOTE_MAX_LENGTH = 1000


@dataclass(frozen=True)
class Decision:
    """A button on a change page that calls a moderation service."""

    value: str
    label: str
    danger: bool = False


def decisions_table(
    decisions: list[ModerationDecision], report: AbuseReport | None
) -> SafeString | str:
    rows = format_html_join(
        "",
        "<tr><td>{}</td><td><strong>{}</strong></td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{}</td></tr>",
        (
            (
                when(decision.created_at),
                decision.get_kind_display(),
                decision.staff or "—",
                "this report"
                if report is not None and decision.report_id == report.pk
                else (
                    admin_link(
                        "admin:games_abusereport_change", decision.report_id, decision.report_id
                    )
                    if decision.report_id
                    else "—"
                ),
                decision.note or "—",
                when(decision.acknowledged_at) if decision.kind == decision.Kind.WARN else "",
            )
            for decision in decisions
        ),
    )
    return table(
        ["When", "Decision", "Staff", "Report", "Note", "Warning read"],
        rows,
        "No decisions yet.",
    )


def decide(modeladmin: admin.ModelAdmin, request: HttpRequest, take: Any, done: str) -> None:
    """Calls the service, then tells staff what happened or why nothing did."""
    try:
        changed = take()
    except ModerationRefused as refused:
        modeladmin.message_user(request, refused.message, messages.ERROR)
        return
    if changed is None:
        modeladmin.message_user(request, "Nothing to change: it was done already.", messages.INFO)
    else:
        modeladmin.message_user(request, done, messages.SUCCESS)


def decision_note(request: HttpRequest) -> str:
    return request.POST.get("note", "").strip()[:NOTE_MAX_LENGTH]


# ---- reports ----------------------------------------------------------------------------------


@admin.register(AbuseReport)
class AbuseReportAdmin(admin.ModelAdmin):
    list_display = ("status", "reason", "reporter", "reported_player", "game_link", "created_at")
    list_filter = ("status", "reason", "created_at")
    list_select_related = ("reporter", "reported", "game")
    date_hierarchy = "created_at"
    search_fields = (
        "reported__display_name",
        "reported__email",
        "reporter__display_name",
        "reporter__email",
        "details",
    )
    search_help_text = "Names or e-mail addresses of either player, or words of the details."
    readonly_fields = (
        "status",
        "reason",
        "reporter",
        "reported_player",
        "game_link",
        "created_at",
        "details",
        "staff_note",
        "chat",
        "decisions",
    )
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "status",
                    "reason",
                    "reported_player",
                    "reporter",
                    "game_link",
                    "created_at",
                    "details",
                    "staff_note",
                ]
            },
        ),
        ("The chat when the player was reported", {"fields": ["chat"]}),
        ("Decisions about this player", {"fields": ["decisions"]}),
    ]
    change_form_template = "admin/games/moderation_change_form.html"
    actions = ["dismiss_selected"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players file reports at their table

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a report is part of the record of a decision

    @admin.display(description="reported player", ordering="reported__display_name")
    def reported_player(self, report: AbuseReport) -> SafeString | str:
        return player_link(report.reported)

    @admin.display(description="game", ordering="game")
    def game_link(self, report: AbuseReport) -> SafeString | str:
        return game_link(report.game)

    @admin.display(description="chat")
    def chat(self, report: AbuseReport) -> SafeString | str:
        """The excerpt kept with the report, oldest line first; the reported player's lines
        are highlighted. Every value is escaped: chat is whatever players typed."""
        reported_seat = (
            Seat.objects.filter(game_id=report.game_id, user_id=report.reported_id)
            .values_list("position", flat=True)
            .first()
        )
        reported_name = report.reported.get_short_name()
        lines = [line for line in report.chat_excerpt if isinstance(line, dict)]

        def by_reported(line: dict[str, Any]) -> bool:
            if reported_seat is not None:
                return line.get("seat") == reported_seat
            return line.get("name") == reported_name  # the game is gone: names are all we have

        rows = format_html_join(
            "",
            '<tr class="{}"{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
            (
                (
                    "reported-line" if by_reported(line) else "chat-line",
                    format_html(' style="{}"', "background: #fde8e8; font-weight: 600")
                    if by_reported(line)
                    else "",
                    when(parse_datetime(str(line.get("at", "")))),
                    int(line["seat"]) + 1 if isinstance(line.get("seat"), int) else "—",
                    line.get("name", ""),
                    line.get("text", ""),
                )
                for line in lines
            ),
        )
        return table(
            ["Time", "Seat", "Name", "Text"], rows, "No chat at the table when this was reported."
        )

    @admin.display(description="decisions")
    def decisions(self, report: AbuseReport) -> SafeString | str:
        decisions = ModerationDecision.objects.filter(player_id=report.reported_id)
        return decisions_table(list(decisions.select_related("staff")), report)

    def get_queryset(self, request: HttpRequest) -> QuerySet[AbuseReport]:
        return super().get_queryset(request).select_related("reporter", "reported", "game")

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        report = self.get_object(request, unquote(object_id))
        context = dict(READ_ONLY_PAGE)
        if report is not None:
            context["moderation_actions"] = self._decisions_for(request, report)
            context["moderation_url"] = reverse("admin:games_abusereport_decide", args=[report.pk])
        return super().change_view(request, object_id, form_url, context)

    def _decisions_for(self, request: HttpRequest, report: AbuseReport) -> list[Decision]:
        if not self.has_change_permission(request, report):
            return []
        choices = []
        if report.status == AbuseReport.Status.OPEN:
            choices += [Decision("dismiss", "Dismiss"), Decision("warn", "Warn the player")]
        if report.reported.blocked_at is None and _may_block(request):
            choices.append(Decision("block", "Block forever", danger=True))
        return choices

    def get_urls(self) -> list[URLPattern]:
        decide = path(
            "<int:report_id>/decide/",
            self.admin_site.admin_view(self.decide_view),
            name="games_abusereport_decide",
        )
        return [decide, *super().get_urls()]

    def decide_view(self, request: HttpRequest, report_id: int) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        report = get_object_or_404(AbuseReport.objects.select_related("reported"), pk=report_id)
        decision = request.POST.get("decision", "")
        if not self.has_change_permission(request, report):
            raise PermissionDenied
        if decision == "block" and not _may_block(request):
            raise PermissionDenied
        staff_id, player, note = request.user.pk, report.reported, decision_note(request)
        if decision == "dismiss":
            decide(
                self,
                request,
                lambda: report_dismiss(staff_id=staff_id, report_id=report.pk, note=note),
                "The report is dismissed.",
            )
        elif decision == "warn":
            decide(
                self,
                request,
                lambda: player_warn(
                    staff_id=staff_id, player_id=player.pk, report_id=report.pk, note=note
                ),
                f"{player} is warned: they see the warning on every page until they read it.",
            )
        elif decision == "block":
            decide(
                self,
                request,
                lambda: player_block(
                    staff_id=staff_id, player_id=player.pk, report_id=report.pk, note=note
                ),
                f"{player} is blocked: logged out everywhere, out of their games, and unable "
                "to log in. Their open reports are closed.",
            )
        else:
            self.message_user(request, "Choose Dismiss, Warn or Block.", messages.ERROR)
        return redirect("admin:games_abusereport_change", report.pk)

    @admin.action(description="Dismiss the selected open reports", permissions=["change"])
    def dismiss_selected(self, request: HttpRequest, queryset: QuerySet[AbuseReport]) -> None:
        dismissed = 0
        for report_id in queryset.filter(status=AbuseReport.Status.OPEN).values_list(
            "pk", flat=True
        ):
            try:
                report_dismiss(staff_id=request.user.pk, report_id=report_id)
            except ModerationRefused:
                continue  # decided by someone else meanwhile
            dismissed += 1
        self.message_user(request, f"{dismissed} report(s) dismissed.", messages.SUCCESS)


def _may_block(request: HttpRequest) -> bool:
    return request.user.has_perm("games.change_player")


@admin.register(ModerationDecision)
class ModerationDecisionAdmin(admin.ModelAdmin):
    """The audit trail: every staff decision, who took it and when. Never edited."""

    list_display = ("created_at", "kind", "player_link", "staff", "report_link", "note")
    list_filter = ("kind", "created_at")
    list_select_related = ("player", "staff", "report")
    search_fields = ("player__display_name", "player__email", "staff__email", "note")
    date_hierarchy = "created_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="player", ordering="player__display_name")
    def player_link(self, decision: ModerationDecision) -> SafeString | str:
        return player_link(decision.player)

    @admin.display(description="report", ordering="report")
    def report_link(self, decision: ModerationDecision) -> SafeString | str:
        if decision.report_id is None:
            return "—"
        return admin_link(
            "admin:games_abusereport_change", decision.report_id, f"Report {decision.report_id}"
        )
