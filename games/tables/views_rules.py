"""The rules page: how to play Euchre, for a newcomer (the lobby links to it), and what each
rule option of a table means (`rule_texts`, the words the table forms use). Open to anyone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.rule_texts import OPTION_TEXTS


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules.html", {"options": OPTION_TEXTS.values()})
