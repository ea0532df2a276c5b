"""Staff views of leagues: each league with its members and seasons, and lists of memberships,
invitations, league games and kept final tables to search. Leagues change only through the
services (creation is paid, memberships keep their history), so these pages are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.admin_display import READ_ONLY_PAGE, game_link, player_link

from .models import League, LeagueGame, LeagueInvitation, Membership, Season, SeasonStanding


class ReadOnlyAdmin(admin.ModelAdmin):
    """A list to search and a page to read; nothing is added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MembershipInline(ReadOnlyInline):
    model = Membership
    fields = ("player_page", "role", "joined_at", "ended_at", "ended")
    readonly_fields = fields
    ordering = ("ended_at", "joined_at")
    verbose_name_plural = "memberships (current and past)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return super().get_queryset(request).select_related("player")

    @admin.display(description="player")
    def player_page(self, membership: Membership) -> SafeString | str:
        return player_link(membership.player)


class SeasonInline(ReadOnlyInline):
    model = Season
    fields = ("number", "starts_at", "ends_at", "closed_at")
    readonly_fields = fields
    ordering = ("-number",)


@admin.register(League)
class LeagueAdmin(ReadOnlyAdmin):
    list_display = (
        "name",
        "kind",
        "joining",
        "season_length",
        "member_count",
        "created_by",
        "created_at",
    )
    list_filter = ("kind", "joining", "season_length", "created_at")
    list_select_related = ("created_by",)
    search_fields = ("name", "description", "created_by__display_name", "created_by__email")
    search_help_text = "A league's name or description, or its creator's name or e-mail."
    date_hierarchy = "created_at"
    fields = (
        "name",
        "page",
        "kind",
        "description",
        "rules",
        "joining",
        "season_length",
        "month",
        "join_token",
        "created_by",
        "created_at",
    )
    readonly_fields = fields
    inlines = [MembershipInline, SeasonInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[League]:
        current = Q(memberships__ended_at__isnull=True)
        return super().get_queryset(request).annotate(members=Count("memberships", filter=current))

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return super().change_view(request, object_id, form_url, READ_ONLY_PAGE)

    @admin.display(description="members", ordering="members")
    def member_count(self, league: League) -> int:
        return league.members

    @admin.display(description="league page")
    def page(self, league: League) -> SafeString | str:
        if league.kind != League.Kind.PRIVATE:
            return "—"
        try:
            url = reverse("leagues:detail", args=[league.pk])
        except NoReverseMatch:
            return "—"
        return format_html('<a href="{}">{}</a>', url, "The league's page (members only)")


@admin.register(Membership)
class MembershipAdmin(ReadOnlyAdmin):
    list_display = ("league", "player", "role", "joined_at", "ended_at", "ended")
    list_select_related = ("league", "player")
    list_filter = ("role", "ended", "league__kind")
    search_fields = ("league__name", "player__display_name", "player__email")
    search_help_text = "A league's name, or a player's name or e-mail."


@admin.register(LeagueInvitation)
class LeagueInvitationAdmin(ReadOnlyAdmin):
    list_display = ("league", "player", "invited_by", "status", "created_at", "answered_at")
    list_select_related = ("league", "player", "invited_by")
    list_filter = ("status", "created_at")
    search_fields = ("league__name", "player__display_name", "player__email")
    search_help_text = "A league's name, or the invited player's name or e-mail."


@admin.register(LeagueGame)
class LeagueGameAdmin(ReadOnlyAdmin):
    list_display = ("game_page", "league", "status", "score", "finished_at")
    list_select_related = ("game", "league")
    list_filter = ("game__status",)
    search_fields = ("league__name",)
    search_help_text = "A league's name."

    @admin.display(description="game", ordering="game_id")
    def game_page(self, league_game: LeagueGame) -> SafeString | str:
        return game_link(league_game.game)

    @admin.display(description="status", ordering="game__status")
    def status(self, league_game: LeagueGame) -> str:
        return league_game.game.get_status_display()

    @admin.display(description="score")
    def score(self, league_game: LeagueGame) -> str:
        return "-".join(str(score) for score in league_game.game.scores)

    @admin.display(description="finished", ordering="game__finished_at")
    def finished_at(self, league_game: LeagueGame) -> Any:
        return league_game.game.finished_at


@admin.register(SeasonStanding)
class SeasonStandingAdmin(ReadOnlyAdmin):
    """The kept final tables of closed seasons."""

    list_display = ("league", "season_number", "position", "player", "games", "wins", "points")
    list_select_related = ("season__league", "player")
    list_filter = ("season__league__kind",)
    search_fields = ("season__league__name", "player__display_name", "player__email")
    search_help_text = "A league's name, or a player's name or e-mail."
    ordering = ("-season__ends_at", "season_id", "position")

    @admin.display(description="league", ordering="season__league__name")
    def league(self, standing: SeasonStanding) -> League:
        return standing.season.league

    @admin.display(description="season", ordering="season__number")
    def season_number(self, standing: SeasonStanding) -> int:
        return standing.season.number
