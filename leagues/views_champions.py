"""The Champions League pages: this month's league (enter, its tables, its standings) and the
final tables of past months. Thin: each view calls one service or renders what a selector
returns; refusals are shown as messages."""

from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from economy.models import SILVER_CAP
from economy.services.prices import champions_league_price, game_price
from games.errors import Refused
from rankings.achievements.catalogue import CL_TOP_PLAYER, CL_WINNER
from rankings.countdown import month_time_left

from .selectors_champions import champions_month, champions_page, champions_past_months
from .services.champions import (
    champions_league_current,
    champions_league_enter,
    champions_table_open,
    champions_table_sit,
)
from .services.errors import LeagueError


def _index() -> HttpResponse:
    return redirect("champions:index")


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    league = champions_league_current(now=now)
    page = champions_page(league=league, user_id=request.user.pk)
    return render(
        request,
        "leagues/champions.html",
        {
            "page": page,
            "league": league,
            "time_left": month_time_left(now=now, month_ends_at=page.month.season.ends_at),
            "price": champions_league_price(),
            "game_price": game_price(),
            "cl_winner": CL_WINNER,
            "cl_top_player": CL_TOP_PLAYER,
            "silver_cap": SILVER_CAP,
            "past_months": champions_past_months(before=league.month)[:12],
        },
    )


@login_required
@require_POST
def enter(request: HttpRequest) -> HttpResponse:
    try:
        membership = champions_league_enter(user_id=request.user.pk)
    except LeagueError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"You are in the {membership.league.name}: open a table or sit down at one below.",
        )
    return _index()


@login_required
@require_POST
def table_open(request: HttpRequest) -> HttpResponse:
    try:
        game = champions_table_open(user_id=request.user.pk)
    except Refused as error:  # the league's refusals, and the table's
        messages.error(request, error.message)
        return _index()
    return redirect("games:table", game_id=game.pk)


@login_required
@require_POST
def table_sit(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        champions_table_sit(game_id=game_id, user_id=request.user.pk)
    except Refused as error:
        messages.error(request, error.message)
        return _index()
    return redirect("games:table", game_id=game_id)


@login_required
@require_GET
def past_month(request: HttpRequest, year: int, month: int) -> HttpResponse:
    try:
        first = date(year, month, 1)
    except (ValueError, OverflowError) as error:  # year 0, month 13, 99999999999999999999
        raise Http404("No such month.") from error
    current = champions_league_current().month
    if first == current:
        return _index()
    found = champions_month(month=first, user_id=request.user.pk)
    if found is None or found.league.month > current:
        raise Http404("There was no Champions League that month.")
    return render(
        request,
        "leagues/champions_month.html",
        {
            "month": found,
            "cl_winner": CL_WINNER,
            "cl_top_player": CL_TOP_PLAYER,
            "past_months": champions_past_months(before=current)[:12],
        },
    )
