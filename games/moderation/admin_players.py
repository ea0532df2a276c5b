"""Staff pages of players: their games, the reports against them and what staff decided, with the
Block forever and Lift the block buttons (through `games.moderation.services.decisions`, as every
decision)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.admin_display import READ_ONLY_PAGE, admin_link, game_link, table, when
from games.models import Game, Seat

from .admin import Decision, decide, decision_note, decisions_table
from .models import AbuseReport, ModerationDecision, Player
from .services.decisions import player_block, player_unblock


class BlockedFilter(admin.SimpleListFilter):
    title = "access"
    parameter_name = "blocked"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "Blocked"), ("no", "Not blocked")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Player]) -> QuerySet[Player]:
        if self.value() == "yes":
            return queryset.filter(blocked_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(blocked_at__isnull=True)
        return queryset


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """A user as a player: their games, the reports against them, and what staff decided.
    Blocking here (not in Users) is what makes a block take effect everywhere at once."""

    list_display = (
        "name",
        "email",
        "date_joined",
        "access",
        "games_played",
        "open_reports",
    )
    list_display_links = ("name", "email")
    list_filter = (BlockedFilter, "is_staff", "date_joined")
    search_fields = ("display_name", "email")
    search_help_text = "A display name or an e-mail address."
    ordering = ("-date_joined",)
    readonly_fields = (
        "display_name",
        "email",
        "date_joined",
        "last_login",
        "access",
        "is_staff",
        "recent_games",
        "reports_against",
        "decisions",
    )
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "display_name",
                    "email",
                    "access",
                    "date_joined",
                    "last_login",
                    "is_staff",
                ]
            },
        ),
        ("Recent games", {"fields": ["recent_games"]}),
        ("Reports against this player", {"fields": ["reports_against"]}),
        ("Decisions", {"fields": ["decisions"]}),
    ]
    change_form_template = "admin/games/moderation_change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        started = [Game.Status.PLAYING, Game.Status.FINISHED]
        return (
            super()
            .get_queryset(request)
            .annotate(
                games_count=Count(
                    "seats", filter=Q(seats__game__status__in=started), distinct=True
                ),
                open_reports_count=Count(
                    "reports_against",
                    filter=Q(reports_against__status=AbuseReport.Status.OPEN),
                    distinct=True,
                ),
            )
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players sign up

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # blocked, not deleted: the record of what they did stays

    @admin.display(description="name", ordering="display_name")
    def name(self, player: Player) -> str:
        return player.display_name or "—"

    @admin.display(description="access", ordering="blocked_at")
    def access(self, player: Player) -> SafeString | str:
        if player.blocked_at is not None:
            return format_html(
                '<strong style="color: var(--delete-button-bg)">Blocked</strong> since {}',
                when(player.blocked_at),
            )
        return "Active" if player.is_active else "Inactive"

    @admin.display(description="games played", ordering="games_count")
    def games_played(self, player: Player) -> int:
        return player.games_count

    @admin.display(description="open reports", ordering="open_reports_count")
    def open_reports(self, player: Player) -> int:
        return player.open_reports_count

    @admin.display(description="recent games")
    def recent_games(self, player: Player) -> SafeString | str:
        seats = (
            Seat.objects.filter(user_id=player.pk)
            .select_related("game")
            # a game without partners reads its players' scores from its seats
            .prefetch_related("game__seats")
            .order_by("-game__created_at")[:20]
        )
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
            "</tr>",
            (
                (
                    game_link(seat.game),
                    when(seat.game.created_at),
                    seat.game.get_kind_display(),
                    seat.game.get_status_display(),
                    seat.position + 1,
                    "-".join(str(score) for score in seat.game.scores),
                    "left it; the computer played on" if seat.cancelled else "",
                )
                for seat in seats
            ),
        )
        return table(
            ["Game", "Created", "Kind", "Status", "Seat", "Score", "Note"], rows, "No games yet."
        )

    @admin.display(description="reports")
    def reports_against(self, player: Player) -> SafeString | str:
        reports = AbuseReport.objects.filter(reported_id=player.pk).select_related("reporter")
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    admin_link(
                        "admin:games_abusereport_change", report.pk, when(report.created_at)
                    ),
                    report.get_status_display(),
                    report.get_reason_display(),
                    report.reporter or "—",
                    game_link(report.game) if report.game_id else "—",
                )
                for report in reports[:50]
            ),
        )
        return table(["Filed", "Status", "Reason", "By", "Game"], rows, "No reports.")

    @admin.display(description="decisions")
    def decisions(self, player: Player) -> SafeString | str:
        decisions = ModerationDecision.objects.filter(player_id=player.pk).select_related("staff")
        return decisions_table(list(decisions), None)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        player = self.get_object(request, unquote(object_id))
        context = dict(READ_ONLY_PAGE)
        if player is not None and self.has_change_permission(request, player):
            blocked = player.blocked_at is not None
            context["moderation_actions"] = [
                Decision("unblock", "Lift the block")
                if blocked
                else Decision("block", "Block forever", danger=True)
            ]
            context["moderation_url"] = reverse("admin:games_player_decide", args=[player.pk])
        return super().change_view(request, object_id, form_url, context)

    def get_urls(self) -> list[URLPattern]:
        decide = path(
            "<int:player_id>/decide/",
            self.admin_site.admin_view(self.decide_view),
            name="games_player_decide",
        )
        return [decide, *super().get_urls()]

    def decide_view(self, request: HttpRequest, player_id: int) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        player = get_object_or_404(Player, pk=player_id)
        if not self.has_change_permission(request, player):
            raise PermissionDenied
        decision, staff_id, note = (
            request.POST.get("decision", ""),
            request.user.pk,
            decision_note(request),
        )
        if decision == "block":
            decide(
                self,
                request,
                lambda: player_block(staff_id=staff_id, player_id=player.pk, note=note),
                f"{player} is blocked: logged out everywhere, out of their games, and unable "
                "to log in. Their open reports are closed.",
            )
        elif decision == "unblock":
            decide(
                self,
                request,
                lambda: player_unblock(staff_id=staff_id, player_id=player.pk, note=note),
                f"The block of {player} is lifted: they can log in again.",
            )
        else:
            self.message_user(request, "Choose Block or Lift the block.", messages.ERROR)
        return redirect("admin:games_player_change", player.pk)
