"""Pages of live play: lobby, quick play, private tables and the table itself. Thin: each view
reads a form, calls one service and redirects, or renders what a selector returns."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.live.services.hints import hints_offered
from games.live.services.presence import online_mark
from games.models import Game, Seat
from games.moderation.models import AbuseReport
from games.presence.selectors import who_is_here
from games.selectors import table_state

from .forms import (
    InviteForm,
    PartnerAnswerForm,
    PlayNowForm,
    PrivateTableForm,
    QuickPlayForm,
)
from .forms_rules import filled_initial
from .lesson_texts import lesson_texts
from .selectors import lobby_for
from .selectors_lessons import lesson_offered
from .selectors_seat_invitations import seat_invitations_waiting, seat_invite_choices
from .services.quick_play import queue_join, queue_leave, queue_notice_pop, queue_play_now
from .services.quick_play_pairs import (
    partner_accept,
    partner_decline,
    partner_invitation_cancel,
    partner_invitations_expire,
    partner_invite,
)
from .services.seat_invitations import SEAT_INVITATION_SECONDS
from .services.tables import (
    TableError,
    game_cancel,
    invitation_send,
    seat_leave,
    seat_take,
    table_create,
    table_start,
)


def _table(game_id: int) -> HttpResponse:
    return redirect("games:table", game_id=game_id)


@login_required
@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    partner_invitations_expire(from_user_id=request.user.pk)  # "nobody answered" shows now
    if notice := queue_notice_pop(user_id=request.user.pk):
        messages.error(request, notice)
    online_mark(user_id=request.user.pk)
    return render(
        request,
        "games/lobby.html",
        {
            "lobby": lobby_for(user_id=request.user.pk),
            "play_now_form": PlayNowForm(),
            "lesson_offered": lesson_offered(user=request.user),
            "who_is_here": who_is_here(viewer_id=request.user.pk),
        },
    )


@login_required
@require_GET
def lobby_status(request: HttpRequest) -> JsonResponse:
    """Polled by the lobby: the table found, the player's place in the queue, and how many wait
    for each quick-play game."""
    online_mark(user_id=request.user.pk)
    found = lobby_for(user_id=request.user.pk, live_tables=False)
    game = found.current_game
    return JsonResponse(
        {
            "table_url": reverse("games:table", args=[game.game.pk]) if game else None,
            "queue_position": found.queue_position,
            "queue_variant": found.queue_variant.name if found.queue_variant else None,
            "waiting": {quick.name: quick.waiting for quick in found.quick_play},
            "online": found.online,
            "partners": found.partners.state,
        }
    )


def _form_refused(request: HttpRequest) -> HttpResponse:
    messages.error(request, "Choose one of the games and levels offered.")
    return redirect("games:lobby")


@login_required
@require_POST
def quick_play(request: HttpRequest) -> HttpResponse:
    form = QuickPlayForm(request.POST)
    if not form.is_valid():
        return _form_refused(request)
    filters = {
        "people_only": form.cleaned_data["people_only"],
        "avoid_muted": form.cleaned_data["avoid_muted"],
    }
    try:
        if form.cleaned_data["partner"]:
            invitation = partner_invite(
                user_id=request.user.pk,
                friend_id=form.cleaned_data["partner"],
                variant=form.variant_name(),
                **filters,
            )
            messages.success(
                request,
                f"You asked {invitation.to_user.display_name} to be your partner: waiting for "
                "their answer.",
            )
            return redirect("games:lobby")
        game = queue_join(user_id=request.user.pk, variant=form.variant_name(), **filters)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return _table(game.pk) if game else redirect("games:lobby")


@login_required
@require_POST
def partner_answer(request: HttpRequest, answer: str) -> HttpResponse:
    """A friend's invitation to queue as partners: "accept" or "decline"."""
    form = PartnerAnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That invitation is no longer waiting.")
        return redirect("games:lobby")
    from_id = form.cleaned_data["from_id"]
    if answer == "decline":
        if partner_decline(user_id=request.user.pk, from_id=from_id):
            messages.info(request, "You declined the invitation.")
        return redirect("games:lobby")
    try:
        game = partner_accept(
            user_id=request.user.pk,
            from_id=from_id,
            people_only=form.cleaned_data["people_only"],
            avoid_muted=form.cleaned_data["avoid_muted"],
        )
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return _table(game.pk) if game else redirect("games:lobby")


@login_required
@require_POST
def partner_cancel(request: HttpRequest) -> HttpResponse:
    if partner_invitation_cancel(user_id=request.user.pk):
        messages.info(request, "You withdrew your invitation.")
    return redirect("games:lobby")


@login_required
@require_POST
def quick_play_now(request: HttpRequest) -> HttpResponse:
    form = PlayNowForm(request.POST)
    if not form.is_valid():
        return _form_refused(request)
    if form.cleaned_data["partner"]:
        messages.error(
            request,
            "Computers start at once, without asking anyone: to play with a friend as partner, "
            "press “Find a table”.",
        )
        return redirect("games:lobby")
    try:
        game = queue_play_now(
            user_id=request.user.pk, variant=form.variant_name(), computer_level=form.level()
        )
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby")
    return _table(game.pk)


@login_required
@require_POST
def quick_play_leave(request: HttpRequest) -> HttpResponse:
    if queue_leave(user_id=request.user.pk):
        messages.info(request, "You left the quick-play queue.")
    return redirect("games:lobby")


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    if request.method == "GET" or "fill" in request.POST:
        # a preset named in the address, or "Use these rules" pressed where the page's script
        # did not run: the form starts from the preset's options
        data = request.GET if request.method == "GET" else request.POST
        form = PrivateTableForm(initial=filled_initial(data))
        return render(request, "games/table_new.html", {"form": form})
    form = PrivateTableForm(request.POST)
    if form.is_valid():
        try:
            game = table_create(
                creator_id=request.user.pk,
                kind=Game.Kind.PRIVATE,
                rules=form.rules(),
                computer_level=form.level(),
            )
        except TableError as error:
            messages.error(request, error.message)
        else:
            return _table(game.pk)
    return render(request, "games/table_new.html", {"form": form})


@login_required
@require_GET
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    state = table_state(game_id=game.pk, user_id=request.user.pk)
    if state is None:
        if game.status == Game.Status.OPEN and game.invitations.filter(user=request.user).exists():
            return redirect("games:join", token=game.invite_token)
        raise Http404("You have no seat at this table.")
    is_creator = game.created_by_id == request.user.pk
    inviting = is_creator and game.status == Game.Status.OPEN and game.kind != Game.Kind.LEAGUE
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "state": state,
            "is_creator": is_creator,
            "inviting": inviting,
            "seat_invite_minutes": SEAT_INVITATION_SECONDS // 60,
            "seat_invite_choices": (
                seat_invite_choices(game=game, host_id=request.user.pk) if inviting else []
            ),
            "seat_invitations": seat_invitations_waiting(game=game) if inviting else [],
            "invite_url": request.build_absolute_uri(
                reverse("games:join", args=[game.invite_token])
            ),
            "invite_form": InviteForm(),
            "report_reasons": AbuseReport.Reason.choices,
            "hints_offered": hints_offered(game=game, user_id=request.user.pk),
            "lesson_texts": lesson_texts() if game.lesson else None,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def table_join(request: HttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("created_by"), invite_token=token)
    if game.seats.filter(user=request.user).exists():
        return _table(game.pk)
    if request.method == "POST":
        try:
            seat_take(game_id=game.pk, user_id=request.user.pk)
        except TableError as error:
            messages.error(request, error.message)
        else:
            return _table(game.pk)
    seats = Seat.objects.filter(game=game).select_related("user").order_by("position")
    return render(request, "games/join.html", {"game": game, "seats": seats})


@login_required
@require_POST
def table_start_view(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        table_start(game_id=game_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
    return _table(game_id)


@login_required
@require_POST
def table_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        seat_leave(game_id=game_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return _table(game_id)
    messages.info(request, "You left the table.")
    return redirect("games:lobby")


@login_required
@require_POST
def table_cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game_cancel(game_id=game_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return _table(game_id)
    messages.info(
        request,
        "You cancelled your game: the computer finishes it in your seat and you forfeit the "
        "points it wins. You may start a new game now.",
    )
    return redirect("games:lobby")


@login_required
@require_POST
def table_invite(request: HttpRequest, game_id: int) -> HttpResponse:
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invitation = invitation_send(
                game_id=game_id, user_id=request.user.pk, name=form.cleaned_data["name"]
            )
        except TableError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"{invitation.user} is invited; the table is in their lobby.")
    return _table(game_id)
