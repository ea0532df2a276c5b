"""Staff views of games (with their seats, action log and chat), chat lines and the action
log. Reports and moderation decisions are in `moderation/admin.py`, players in
`moderation/admin_players.py`.
Games are made and played through the services, so these pages are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from .admin_display import READ_ONLY_PAGE, action_for_staff, player_link
from .challenges import admin as challenges_admin  # noqa: F401  (the challenges' page)
from .live.models import ChatMessage
from .models import Action, Game, Seat
from .moderation import admin as moderation_admin  # noqa: F401  (registers the moderation pages)
from .moderation import admin_players  # noqa: F401  (registers the players' pages)
from .moderation.collusion import admin as collusion_admin  # noqa: F401  (the collusion review's)
from .records.review import admin as review_admin  # noqa: F401  (the game reviews' page)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "player", "score", "in_play", "cancelled", "time_limit_ms", "timeouts")
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("user")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="player")
    def player(self, seat: Seat) -> SafeString | str:
        return player_link(seat.user) if seat.user else "Computer"


class ActionInline(admin.TabularInline):
    """The game's log, as the engine replays it: read-only, in order."""

    model = Action
    extra = 0
    fields = ("sequence", "seat", "move", "source", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("sequence",)
    verbose_name_plural = "action log"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Action]:
        return super().get_queryset(request).select_related("game")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="action")
    def move(self, action: Action) -> str:
        return action_for_staff(action.action, action.game.status)


class ChatInline(admin.TabularInline):
    model = ChatMessage
    extra = 0
    fields = ("created_at", "seat", "user", "text")
    readonly_fields = fields
    can_delete = False
    ordering = ("id",)
    verbose_name_plural = "table chat"

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatMessage]:
        return super().get_queryset(request).select_related("user")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "status", "players", "score", "created_at", "finished_at")
    list_filter = ("status", "kind", "created_at")
    search_fields = ("seats__user__display_name", "seats__user__email")
    search_help_text = "A game number, or a player's name or e-mail address."
    date_hierarchy = "created_at"
    readonly_fields = (
        "record",
        "kind",
        "status",
        "score",
        "winners",
        "rules",
        "seed_once_over",
        "version",
        "created_by",
        "invite_token",
        "created_at",
        "started_at",
        "finished_at",
        "turn_deadline",
        "moved_at",
    )
    fields = readonly_fields
    inlines = [SeatInline, ActionInline, ChatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        seats = Seat.objects.select_related("user").order_by("position")
        return (
            super()
            .get_queryset(request)
            .select_related("created_by")
            .prefetch_related(Prefetch("seats", queryset=seats))
        )

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Game], search_term: str
    ) -> tuple[QuerySet[Game], bool]:
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if search_term.strip().isdigit():  # a game number
            found |= queryset.filter(pk=int(search_term))
        return found, may_have_duplicates

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # the changelist filters by any field of its own model from the URL, and
        # ?seed__startswith=... would spell out a live game's seed one character at a time
        if lookup.split("__", 1)[0] == "seed":
            return False
        return super().lookup_allowed(lookup, value, request)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return super().change_view(request, object_id, form_url, READ_ONLY_PAGE)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # games are made by players, through the services

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # rankings and reports refer to games

    @admin.display(description="players")
    def players(self, game: Game) -> str:
        return ", ".join(str(seat.user) if seat.user else "Computer" for seat in game.seats.all())

    @admin.display(description="score")
    def score(self, game: Game) -> str:
        """Two teams' scores, or each player's in seat order (players who score alone)."""
        return "-".join(str(score) for score in game.scores)

    @admin.display(description="winners")
    def winners(self, game: Game) -> str:
        seats = game.winning_seats
        return ", ".join(f"seat {position + 1}" for position in seats) if seats else "—"

    @admin.display(description="seed")
    def seed_once_over(self, game: Game) -> str:
        # every hand of the game can be dealt from it: shown only when there is none to play
        if game.status != Game.Status.FINISHED:
            return "hidden until the game is over"
        return game.seed

    @admin.display(description="public record")
    def record(self, game: Game) -> SafeString | str:
        try:
            url = reverse("games:record", args=[game.pk])
        except NoReverseMatch:
            return "—"
        return format_html('<a href="{}">{}</a>', url, "The game's public record page")


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game", "user", "seat", "text")
    list_select_related = ("game", "user")
    list_filter = ("created_at",)
    search_fields = ("text", "user__email", "user__display_name")
    readonly_fields = ("game", "user", "seat", "text", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # what was said stays as it was said


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("game", "sequence", "seat", "move", "source", "created_at")
    list_select_related = ("game",)
    list_filter = ("source",)
    readonly_fields = ("game", "sequence", "seat", "move", "source", "created_at")

    @admin.display(description="action")
    def move(self, action: Action) -> str:
        return action_for_staff(action.action, action.game.status)

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # ?action__startswith=discard:9 would find a live game's private cards by counting rows
        if lookup.split("__", 1)[0] == "action":
            return False
        return super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the log is append-only: the engine replays it

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
