"""Pages of private leagues: my leagues and invitations, creating a league, a league's page with
its standings and the organiser's tools, joining by link. Thin: each view reads a form, calls
one service and redirects with a message, or renders what the selectors return. Refusals are
the services' LeagueError messages."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from economy.services.prices import league_price
from games.engine import RuleOptions
from games.errors import Refused
from games.rule_texts import rules_summary
from games.tables.forms_rules import filled_initial
from games.watch.selectors import live_table_rows

from . import selectors
from .forms import LeagueCreateForm, LeagueInviteForm
from .models import League, Membership
from .selectors_pages import my_leagues
from .selectors_watch import league_live_tables
from .services.errors import LeagueError
from .services.leagues import league_create
from .services.members import (
    invitation_accept,
    invitation_decline,
    invitation_send,
    invitation_withdraw,
    league_join_by_link,
    league_leave,
    member_remove,
)
from .services.seasons import season_current
from .services.tables import league_table_open, league_table_sit


def _champions_url() -> str:
    try:
        return reverse("champions:index")
    except NoReverseMatch:  # the Champions League pages are not wired in yet
        return "/champions/"


def _league_page(league_id: int) -> HttpResponse:
    return redirect("leagues:detail", league_id=league_id)


def _back_after_refusal(request: HttpRequest, league_id: int) -> HttpResponse:
    """The league's page, or the leagues index for someone who is not (or no longer) in it."""
    if selectors.is_member(league_id=league_id, user_id=request.user.pk):
        return _league_page(league_id)
    return redirect("leagues:index")


def _private_league(league_id: int) -> League:
    return get_object_or_404(League, pk=league_id, kind=League.Kind.PRIVATE)


def _members_league(request: HttpRequest, league_id: int) -> League:
    """The league, for its current members only: to anyone else it does not exist."""
    league = _private_league(league_id)
    if not selectors.is_member(league_id=league.pk, user_id=request.user.pk):
        raise Http404("You are not a member of this league.")
    return league


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "leagues/index.html",
        {
            "my_leagues": my_leagues(user_id=request.user.pk),
            "invitations": selectors.player_league_invitations(user_id=request.user.pk),
            "league_price": league_price(),
            "champions_url": _champions_url(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and "fill" in request.POST:
        # "Use these rules" pressed where the page's script did not run: the preset's options
        form = LeagueCreateForm(initial=filled_initial(request.POST))
    else:
        form = LeagueCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            league = league_create(
                organiser_id=request.user.pk,
                name=data["name"],
                description=data["description"],
                rules=form.rules(),
                joining=data["joining"],
                season_length=data["season_length"],
                creation_key=data["creation_key"],
            )
        except LeagueError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"Your league “{league.name}” is open: invite players to it.")
            return _league_page(league.pk)
    return render(request, "leagues/create.html", {"form": form, "league_price": league_price()})


@login_required
@require_GET
def detail(request: HttpRequest, league_id: int) -> HttpResponse:
    league = _members_league(request, league_id)
    season = season_current(league_id=league.pk)
    members = selectors.league_members(league_id=league.pk)
    me = next(member for member in members if member.player_id == request.user.pk)
    is_organiser = me.role == Membership.Role.ORGANISER
    open_tables = selectors.league_open_tables(league_id=league.pk)
    context = {
        "league": league,
        "rules": rules_summary(RuleOptions.from_dict(league.rules)),
        "season": season,
        "season_left": season.ends_at - timezone.now(),
        "standings": selectors.season_standings(season_id=season.pk),
        "seasons": selectors.league_seasons(league_id=league.pk),
        "members": members,
        "me": me,
        "is_organiser": is_organiser,
        "recent_games": selectors.league_recent_games(league_id=league.pk),
        "open_tables": open_tables,
        # members may watch them (games.watch.selectors)
        "live_tables": live_table_rows(
            league_live_tables(league_id=league.pk), viewer_id=request.user.pk
        ),
        "my_table_ids": {
            game.pk
            for game in open_tables
            if any(seat.user_id == request.user.pk for seat in game.seats.all())
        },
    }
    if league.next_rules is not None:
        context["next_rules"] = rules_summary(RuleOptions.from_dict(league.next_rules))
    if is_organiser:
        context |= {
            "invite_form": LeagueInviteForm(),
            "pending_invitations": selectors.league_pending_invitations(league_id=league.pk),
            "join_url": request.build_absolute_uri(
                reverse("leagues:join", args=[league.join_token])
            ),
        }
    return render(request, "leagues/detail.html", context)


@login_required
@require_GET
def season(request: HttpRequest, league_id: int, number: int) -> HttpResponse:
    """A season's table: the final one when it is closed."""
    league = _members_league(request, league_id)
    found = get_object_or_404(league.seasons, number=number)
    return render(
        request,
        "leagues/season.html",
        {
            "league": league,
            "season": found,
            "standings": selectors.season_standings(season_id=found.pk),
            "seasons": selectors.league_seasons(league_id=league.pk),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    league = get_object_or_404(League, join_token=token, kind=League.Kind.PRIVATE)
    if request.method == "POST":
        try:
            league_join_by_link(token=token, user_id=request.user.pk)
        except LeagueError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"You joined “{league.name}”. Welcome!")
            return _league_page(league.pk)
    is_member = selectors.is_member(league_id=league.pk, user_id=request.user.pk)
    return render(request, "leagues/join.html", {"league": league, "is_member": is_member})


@login_required
@require_POST
def invitation_accept_view(request: HttpRequest, invitation_id: int) -> HttpResponse:
    try:
        membership = invitation_accept(invitation_id=invitation_id, user_id=request.user.pk)
    except LeagueError as error:
        messages.error(request, error.message)
        return redirect("leagues:index")
    messages.success(request, f"You joined “{membership.league}”. Welcome!")
    return _league_page(membership.league_id)


@login_required
@require_POST
def invitation_decline_view(request: HttpRequest, invitation_id: int) -> HttpResponse:
    try:
        invitation_decline(invitation_id=invitation_id, user_id=request.user.pk)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, "You declined the invitation.")
    return redirect("leagues:index")


@login_required
@require_POST
def invite(request: HttpRequest, league_id: int) -> HttpResponse:
    form = LeagueInviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Type the name of the player to invite.")
        return _league_page(league_id)
    try:
        invitation = invitation_send(
            league_id=league_id, organiser_id=request.user.pk, name=form.cleaned_data["name"]
        )
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"{invitation.player.get_short_name()} is invited: they answer on their Leagues page.",
        )
    return _league_page(league_id)


@login_required
@require_POST
def invitation_withdraw_view(
    request: HttpRequest, league_id: int, invitation_id: int
) -> HttpResponse:
    try:
        invitation_withdraw(invitation_id=invitation_id, organiser_id=request.user.pk)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, "You withdrew the invitation.")
    return _league_page(league_id)


@login_required
@require_POST
def member_remove_view(request: HttpRequest, league_id: int, player_id: int) -> HttpResponse:
    try:
        member_remove(league_id=league_id, organiser_id=request.user.pk, player_id=player_id)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.info(request, "You removed the member: their games from now on do not count here.")
    return _league_page(league_id)


@login_required
@require_POST
def leave(request: HttpRequest, league_id: int) -> HttpResponse:
    try:
        league_leave(league_id=league_id, user_id=request.user.pk)
    except LeagueError as error:
        messages.error(request, error.message)
        return _league_page(league_id)
    messages.info(request, "You left the league.")
    return redirect("leagues:index")


@login_required
@require_POST
def table_open(request: HttpRequest, league_id: int) -> HttpResponse:
    try:
        game = league_table_open(league_id=league_id, user_id=request.user.pk)
    except Refused as error:  # the league's refusals, and the table's
        messages.error(request, error.message)
        return _back_after_refusal(request, league_id)
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def table_sit(request: HttpRequest, league_id: int, game_id: int) -> HttpResponse:
    try:
        league_table_sit(game_id=game_id, user_id=request.user.pk)
    except Refused as error:  # the league's refusals, and the table's
        messages.error(request, error.message)
        return _back_after_refusal(request, league_id)
    return redirect("games:table", game_id=game_id)
