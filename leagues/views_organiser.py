"""The organiser's pages of a private league: editing it, handing the role over, closing it.
Only the league's organiser may; another member gets a 403 page saying so, and a player who is
not a member the 404 of a league they cannot see. Thin: each calls one service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from games.engine import RuleOptions
from games.tables.forms_rules import filled_initial, rules_initial

from . import selectors
from .forms import HandOverForm, LeagueEditForm
from .models import League, Membership
from .services.errors import LeagueError
from .services.members import organiser_hand_over
from .services.organiser import league_close, league_edit


def _league_page(league_id: int) -> HttpResponse:
    return redirect("leagues:detail", league_id=league_id)


def _members_league(request: HttpRequest, league_id: int) -> League:
    """The league, for its current members only: to anyone else it does not exist."""
    league = get_object_or_404(League, pk=league_id, kind=League.Kind.PRIVATE)
    if not selectors.is_member(league_id=league.pk, user_id=request.user.pk):
        raise Http404("You are not a member of this league.")
    return league


def _organisers_only(request: HttpRequest, league: League, message: str) -> HttpResponse:
    """A member who is not the organiser tried an organiser's change: 403, saying why."""
    return render(
        request, "leagues/refused.html", {"league": league, "message": message}, status=403
    )


def _organiser_refusal(
    request: HttpRequest, league_id: int, error: LeagueError
) -> HttpResponse | None:
    """The 403 page when the service refused because the caller is not the organiser (a
    non-member gets the 404 of a league they cannot see); None for other refusals."""
    if error.code != "not_organiser":
        return None
    return _organisers_only(request, _members_league(request, league_id), error.message)


@login_required
@require_POST
def hand_over(request: HttpRequest, league_id: int) -> HttpResponse:
    form = HandOverForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose the member who becomes the organiser.")
        return _league_page(league_id)
    try:
        organiser_hand_over(
            league_id=league_id,
            organiser_id=request.user.pk,
            player_id=form.cleaned_data["player"],
        )
    except LeagueError as error:
        if (refusal := _organiser_refusal(request, league_id, error)) is not None:
            return refusal
        messages.error(request, error.message)
    else:
        messages.success(request, "You handed the organiser role over; you stay a member.")
    return _league_page(league_id)


@login_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, league_id: int) -> HttpResponse:
    """The organiser's form: the league's name, description, who may join, and the rules of
    its tables from the next season on."""
    league = _members_league(request, league_id)
    membership = selectors.current_membership(league_id=league.pk, user_id=request.user.pk)
    if membership.role != Membership.Role.ORGANISER:
        return _organisers_only(request, league, "Only the league's organiser can edit it.")
    if league.closed_at is not None:
        messages.error(request, f"{league.name} is closed: it can no longer be changed.")
        return _league_page(league.pk)
    if request.method == "POST" and "fill" in request.POST:
        form = LeagueEditForm(initial=filled_initial(request.POST))
    elif request.method == "POST":
        form = LeagueEditForm(request.POST)
    else:
        rules = RuleOptions.from_dict(league.next_rules or league.rules)
        form = LeagueEditForm(
            initial={
                "name": league.name,
                "description": league.description,
                "joining": league.joining,
                **rules_initial(rules),
            }
        )
    if request.method == "POST" and form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            league = league_edit(
                league_id=league.pk,
                organiser_id=request.user.pk,
                name=data["name"],
                description=data["description"],
                joining=data["joining"],
                rules=form.rules(),
            )
        except LeagueError as error:
            if (refusal := _organiser_refusal(request, league_id, error)) is not None:
                return refusal
            messages.error(request, error.message)
        else:
            saved = "Saved."
            if league.next_rules is not None:
                saved += " The new rules apply from the next season; tables open now keep theirs."
            messages.success(request, saved)
            return _league_page(league.pk)
    return render(request, "leagues/edit.html", {"league": league, "form": form})


@login_required
@require_POST
def close(request: HttpRequest, league_id: int) -> HttpResponse:
    try:
        closed = league_close(league_id=league_id, organiser_id=request.user.pk)
    except LeagueError as error:
        if (refusal := _organiser_refusal(request, league_id, error)) is not None:
            return refusal
        messages.error(request, error.message)
        return _league_page(league_id)
    if closed:
        messages.info(
            request,
            "You closed the league: no new tables or seasons. Games being played still count "
            "in this season, its last.",
        )
    return _league_page(league_id)
