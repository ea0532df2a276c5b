"""The site's own 404 and 500 answers (urls.handler404, handler500), used when DEBUG is off:
a page in the site's look, or JSON for a script that asks only for JSON (as the 400 answer of
euchre_site.middleware does). With DEBUG on, Django shows its technical pages instead, which
list the site's URLs: `run.py serve` therefore runs with DEBUG off unless told otherwise."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string

NOT_FOUND_MESSAGE = "There is no page at this address."
SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again in a moment."


def wants_json(request: HttpRequest) -> bool:
    return not request.accepts("text/html") and request.accepts("application/json")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(
            {"ok": False, "error": "not_found", "message": NOT_FOUND_MESSAGE}, status=404
        )
    return render(request, "404.html", {"message": NOT_FOUND_MESSAGE}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(
            {"ok": False, "error": "server_error", "message": SERVER_ERROR_MESSAGE}, status=500
        )
    # no request context: what failed may be the database the context processors read
    page = render_to_string("500.html", {"message": SERVER_ERROR_MESSAGE})
    return HttpResponse(page, status=500)
