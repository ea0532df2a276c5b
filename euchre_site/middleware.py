"""Refuses, with a 400 answer, a request whose path, query string, form fields or cookies hold
what no page of the site can take: NUL (PostgreSQL refuses it in text) or bytes that are not
UTF-8, lone surrogates and overlong forms included (Django would turn those into U+FFFD, or
pass a surrogate on to a database that refuses it). One answer for every view, before the
session is read, so a hostile session cookie never reaches the database either; the views that
read such values stay safe on their own too where that is cheap."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from urllib.parse import unquote_to_bytes

from django.core.handlers.wsgi import WSGIRequest, get_bytes_from_wsgi
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

# NUL, and surrogates: the only characters that reach Python when the bytes were not UTF-8
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_URL_ENCODED = "application/x-www-form-urlencoded"


def bytes_readable(data: bytes) -> bool:
    """UTF-8 without NUL (Python's strict decoder refuses surrogates and overlong forms)."""
    if b"\x00" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def text_storable(values: Iterable[str]) -> bool:
    return not any(_UNSTORABLE.search(value) for value in values)


def _path_bytes(request: HttpRequest) -> bytes:
    """The path as the client sent it, percent-decoded: daphne's raw_path (its decoded path
    has U+FFFD for bytes that are not UTF-8), else the path Django decoded (WSGI keeps such
    bytes percent-encoded in it, harmless)."""
    raw = getattr(request, "scope", {}).get("raw_path")
    if raw:
        return unquote_to_bytes(raw.decode("latin-1"))
    return request.path_info.encode("utf-8", "surrogatepass")


def _query_bytes(request: HttpRequest) -> bytes:
    """The query string, percent-decoded ("+" is a space)."""
    if isinstance(request, WSGIRequest):
        raw = get_bytes_from_wsgi(request.environ, "QUERY_STRING", "")
    else:  # ASGI: Django refuses a query string that is not UTF-8 itself (400)
        raw = request.META.get("QUERY_STRING", "").encode()
    return unquote_to_bytes(raw.replace(b"+", b" "))


def _form_texts(request: HttpRequest) -> Iterator[str]:
    fields = request.POST
    for name in fields:
        yield name
        yield from fields.getlist(name)


def unreadable_part(request: HttpRequest) -> str | None:
    """Which part of the request cannot be read, if one cannot: "path", "query", "cookies" or
    "form"."""
    if not bytes_readable(_path_bytes(request)):
        return "path"
    if not bytes_readable(_query_bytes(request)):
        return "query"
    if not text_storable(request.COOKIES.values()):
        return "cookies"
    if request.method != "POST":
        return None
    if request.content_type == _URL_ENCODED:
        form_readable = bytes_readable(unquote_to_bytes(request.body.replace(b"+", b" ")))
    elif request.content_type == "multipart/form-data":
        # read as the CSRF check reads it anyway; a file's content is not looked at
        form_readable = text_storable(_form_texts(request))
    else:  # JSON (Stripe's webhook reads its own body) and the rest: the view's to read
        form_readable = True
    return None if form_readable else "form"


REASONS = {
    "path": "The address holds characters no page of this site uses.",
    "query": "The address holds characters no page of this site uses.",
    "form": "The form you sent holds characters this site cannot store.",
    "cookies": "Your browser sent this site a cookie it never set: clear this site's cookies "
    "and try again.",
}


class UnreadableInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        part = unreadable_part(request)
        if part is None:
            return self.get_response(request)
        reason = REASONS[part]
        if not request.accepts("text/html") and request.accepts("application/json"):
            return JsonResponse({"ok": False, "error": "bad_input", "message": reason}, status=400)
        return render(request, "400.html", {"reason": reason}, status=400)
