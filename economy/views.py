"""The wallet page: balances and the ledger, newest first. Thin: renders what selectors return."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .selectors import wallet_entries_page, wallet_summary
from .services.prices import game_price, league_price, private_table_price


@login_required
@require_GET
def wallet(request: HttpRequest) -> HttpResponse:
    user_id = request.user.pk
    return render(
        request,
        "economy/wallet.html",
        {
            "wallet": wallet_summary(user_id=user_id),
            "entries": wallet_entries_page(user_id=user_id, page_number=request.GET.get("page")),
            "prices": {
                "game": game_price(),
                "private_table": private_table_price(),
                "league": league_price(),
            },
        },
    )
