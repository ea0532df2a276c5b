"""The staff list of the partner-collusion review: pairs of accounts the statistics flag
(`games.moderation.collusion.services`), each with its evidence in words, what chance would give,
the example games, and links to both players. A flag punishes nobody: staff dismiss it or mark it
reviewed with a note (any action on the accounts is taken on the players' pages)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.admin_display import READ_ONLY_PAGE, admin_link, player_link, table, when
from games.models import Game
from games.moderation.admin import Decision

from .models import CollusionFlag
from .services import CollusionDecisionRefused, collusion_flag_decide
from .words import findings


class KindFilter(admin.SimpleListFilter):
    title = "evidence"
    parameter_name = "kind"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(CollusionFlag.Kind.choices)

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[CollusionFlag]
    ) -> QuerySet[CollusionFlag]:
        if self.value() in CollusionFlag.Kind.values:
            return queryset.filter(kinds__contains=[self.value()])
        return queryset


@admin.register(CollusionFlag)
class CollusionFlagAdmin(admin.ModelAdmin):
    list_display = ("pair", "evidence_kinds", "status", "flagged_now", "computed_at")
    list_display_links = ("pair",)
    list_filter = (KindFilter, "status", "flagged_now")
    list_select_related = ("player_low", "player_high")
    search_fields = (
        "player_low__display_name",
        "player_low__email",
        "player_high__display_name",
        "player_high__email",
    )
    search_help_text = "The name or e-mail address of either player."
    readonly_fields = (
        "players",
        "evidence_kinds",
        "status",
        "flagged_now",
        "first_flagged_at",
        "computed_at",
        "decision",
        "evidence_in_words",
        "games",
    )
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "players",
                    "evidence_kinds",
                    "status",
                    "decision",
                    "flagged_now",
                    "first_flagged_at",
                    "computed_at",
                ],
                "description": (
                    "A flag is a question, not a verdict: read the evidence and the games, "
                    "then dismiss it or mark it reviewed. Nothing happens to either account "
                    "unless you act on their player pages."
                ),
            },
        ),
        ("Evidence", {"fields": ["evidence_in_words"]}),
        ("Example games", {"fields": ["games"]}),
    ]
    change_form_template = "admin/games/moderation_change_form.html"
    actions = ["dismiss_selected"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the review makes flags

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a flag and its decision are kept

    @admin.display(description="players", ordering="player_low__display_name")
    def pair(self, flag: CollusionFlag) -> str:
        return f"{flag.player_low} and {flag.player_high}"

    @admin.display(description="players")
    def players(self, flag: CollusionFlag) -> SafeString:
        return format_html("{} and {}", player_link(flag.player_low), player_link(flag.player_high))

    @admin.display(description="evidence")
    def evidence_kinds(self, flag: CollusionFlag) -> str:
        labels = dict(CollusionFlag.Kind.choices)
        return "; ".join(labels.get(kind, kind) for kind in flag.kinds) or "—"

    @admin.display(description="decision")
    def decision(self, flag: CollusionFlag) -> SafeString | str:
        if flag.decided_at is None:
            return "Nobody has decided yet."
        return format_html(
            "{} by {} on {}{}",
            flag.get_status_display(),
            flag.decided_by or "a former staff member",
            when(flag.decided_at),
            format_html(": “{}”", flag.staff_note) if flag.staff_note else "",
        )

    @admin.display(description="what the games show")
    def evidence_in_words(self, flag: CollusionFlag) -> SafeString | str:
        """One small table per kind (two columns, so it reads on a phone too)."""
        described = findings(flag.evidence, str(flag.player_low), str(flag.player_high))
        return format_html_join(
            "",
            '<table class="collusion-finding" style="width: 100%; margin-bottom: 1em">'
            '<thead><tr><th colspan="2">{}: {}</th></tr></thead><tbody>'
            '<tr><td style="width: 9em">What they did</td><td>{}</td></tr>'
            "<tr><td>What chance would give</td><td>{}</td></tr>"
            "<tr><td>How unlikely</td><td>{}</td></tr>"
            "</tbody></table>",
            (
                (finding.title, finding.verdict, finding.found, finding.chance, finding.odds)
                for finding in described
            ),
        )

    @admin.display(description="games")
    def games(self, flag: CollusionFlag) -> SafeString | str:
        by_id = Game.objects.in_bulk(flag.sample_game_ids)
        rows = format_html_join(
            "",
            '<tr><td><a href="{}">Game {}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>',
            (
                (
                    reverse("games:record", args=[game.pk]),
                    game.pk,
                    when(game.finished_at),
                    game.get_kind_display(),
                    admin_link("admin:games_game_change", game.pk, "action log"),
                )
                for game in (by_id[pk] for pk in flag.sample_game_ids if pk in by_id)
            ),
        )
        return table(
            ["Record page", "Finished", "Kind", "Staff page"],
            rows,
            "None of the example games is kept any more.",
        )

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        flag = self.get_object(request, unquote(object_id))
        context = dict(READ_ONLY_PAGE, title="Collusion flag")
        if flag is not None and self.has_change_permission(request, flag):
            context["moderation_actions"] = self._decisions_for(flag)
            context["moderation_url"] = reverse("admin:games_collusionflag_decide", args=[flag.pk])
        return super().change_view(request, object_id, form_url, context)

    def _decisions_for(self, flag: CollusionFlag) -> list[Decision]:
        if flag.status == CollusionFlag.Status.OPEN:
            return [
                Decision("dismiss", "Dismiss: nothing wrong"),
                Decision("actioned", "Mark reviewed: action taken"),
            ]
        return [Decision("reopen", "Reopen")]

    def get_urls(self) -> list[URLPattern]:
        decide = path(
            "<int:flag_id>/decide/",
            self.admin_site.admin_view(self.decide_view),
            name="games_collusionflag_decide",
        )
        return [decide, *super().get_urls()]

    def decide_view(self, request: HttpRequest, flag_id: int) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        flag = get_object_or_404(CollusionFlag, pk=flag_id)
        if not self.has_change_permission(request, flag):
            raise PermissionDenied
        try:
            decided = collusion_flag_decide(
                staff_id=request.user.pk,
                flag_id=flag.pk,
                decision=request.POST.get("decision", ""),
                note=request.POST.get("note", ""),
            )
        except CollusionDecisionRefused as refused:
            self.message_user(request, refused.message, messages.ERROR)
        else:
            self.message_user(
                request, f"The flag is now: {decided.get_status_display()}.", messages.SUCCESS
            )
        return redirect("admin:games_collusionflag_change", flag.pk)

    @admin.action(description="Dismiss the selected open flags", permissions=["change"])
    def dismiss_selected(self, request: HttpRequest, queryset: QuerySet[CollusionFlag]) -> None:
        dismissed = 0
        for flag_id in queryset.filter(status=CollusionFlag.Status.OPEN).values_list(
            "pk", flat=True
        ):
            try:
                collusion_flag_decide(staff_id=request.user.pk, flag_id=flag_id, decision="dismiss")
            except CollusionDecisionRefused:
                continue  # decided by someone else meanwhile, or a flag on this staff member
            dismissed += 1
        self.message_user(request, f"{dismissed} flag(s) dismissed.", messages.SUCCESS)
