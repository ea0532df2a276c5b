"""The challenge pages: the form, one challenge (the notification's link), and the answers.
Thin: a form, one service, a redirect with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import User
from economy.services.prices import game_price, private_table_price
from games.tables.forms_rules import filled_initial
from games.tables.services.tables import TableError

from .forms import ChallengeForm
from .models import Challenge
from .selectors import challenge_for, challenges_incoming, challenges_outgoing
from .services.answers import challenge_accept, challenge_cancel, challenge_decline
from .services.send import challenge_refusal, challenge_send
from .texts import player_name


def _opponent(value: object) -> User | None:
    try:
        user_id = int(str(value))
    except ValueError:
        return None
    return User.objects.filter(pk=user_id, is_active=True).first() if 0 < user_id < 2**31 else None


def _form_page(request: HttpRequest, form: ChallengeForm, opponent: User) -> HttpResponse:
    refusal = challenge_refusal(challenger=request.user, challenged=opponent)  # type: ignore[arg-type]
    return render(
        request,
        "games/challenges/challenge_new.html",
        {
            "form": form,
            "opponent": opponent,
            "refusal": refusal.message if refusal else None,
            "private_table_price": private_table_price(),
            "game_price": game_price(),
            "answer_minutes": Challenge.ANSWER_SECONDS // 60,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def challenge_new(request: HttpRequest) -> HttpResponse:
    data = request.GET if request.method == "GET" else request.POST
    opponent = _opponent(data.get("to"))
    if opponent is None:
        messages.error(request, "Choose a player to challenge: a friend's Challenge button.")
        return redirect("friends:list")
    if request.method == "GET" or "fill" in request.POST:
        form = ChallengeForm(initial={**filled_initial(data), "to": opponent.pk})
        return _form_page(request, form, opponent)
    form = ChallengeForm(request.POST)
    if form.is_valid():
        try:
            challenge_send(
                challenger_id=request.user.pk,
                challenged_id=opponent.pk,
                rules=form.rules(),
                computer_level=form.level(),
                seat=form.cleaned_data["seat"],
            )
        except TableError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, f"You challenged {player_name(opponent)}: waiting for their answer."
            )
            return redirect("games:challenges")
    return _form_page(request, form, opponent)


@login_required
@require_GET
def challenges(request: HttpRequest) -> HttpResponse:
    """The player's challenges waiting: for them to answer, and theirs to be answered."""
    return render(
        request,
        "games/challenges/challenges.html",
        {
            "incoming": challenges_incoming(user_id=request.user.pk),
            "outgoing": challenges_outgoing(user_id=request.user.pk),
        },
    )


@login_required
@require_GET
def challenge(request: HttpRequest, challenge_id: int) -> HttpResponse:
    found = challenge_for(challenge_id=challenge_id, user_id=request.user.pk)
    if found is None:
        raise Http404("No such challenge.")
    return render(request, "games/challenges/challenge.html", {"challenge": found})


@login_required
@require_POST
def challenge_accept_view(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        game = challenge_accept(challenge_id=challenge_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("games:challenges")
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def challenge_decline_view(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        found = challenge_decline(challenge_id=challenge_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, f"You declined {player_name(found.challenger)}'s challenge.")
    return redirect("games:challenges")


@login_required
@require_POST
def challenge_cancel_view(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        challenge_cancel(challenge_id=challenge_id, user_id=request.user.pk)
    except TableError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, "You withdrew your challenge.")
    return redirect("games:challenges")
