"""Every URL of the site, walked from the URL resolver (a new URL is fuzzed without a change
here), and a request helper that undoes what each request did, so a thousand hostile requests
all meet the same site and none of them hides a server error behind the previous one's."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import admin
from django.core.signals import got_request_exception
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from economy import middleware as daily_visit

FORM_BODY = "application/x-www-form-urlencoded"
SOURCE_APPS = ("accounts", "economy", "euchre_site", "games", "leagues", "rankings")

# A hostile value as it travels in a URL (percent-encoded where a browser would encode it)
NASTY = {
    "nul": "%00",
    "nul inside": "a%00b",
    "surrogate": "%ED%A0%80",  # UTF-8 of U+D800, a lone surrogate
    "overlong nul": "%C0%80",
    "bad byte": "%FF",
    "negative": "-1",
    "zero": "0",
    "huge": "99999999999999999999",
    "past bigint": "9223372036854775808",
    "too many digits": "9" * 5000,  # more than int() reads (4,300 digits)
    "long": "x" * 10_000,
    "newline": "a%0Ab",
    "control": "%01%1B%7F",
    "spade": "%E2%99%A0",
    "dots": "..%2F..",
}
# the middleware refuses NUL and broken UTF-8 at once: what else reaches the views
NASTY_FEW = {name: NASTY[name] for name in ("nul", "surrogate", "huge", "negative", "long")}
NASTY_FOR_VIEWS = {
    name: NASTY[name]
    for name in ("nul", "surrogate", "negative", "zero", "huge", "too many digits", "long", "spade")
}

_CONVERTER = re.compile(r"<(?:[^>:]+:)?(?P<name>[^>]+)>")
_SLOT = re.compile(r"\{(?P<name>\w+)\}")


@dataclass(frozen=True)
class Route:
    template: str  # "/leagues/{league_id}/seasons/{number}/"
    name: str

    @property
    def parameters(self) -> list[str]:
        return _SLOT.findall(self.template)

    @property
    def is_admin(self) -> bool:
        return self.template.startswith("/" + settings.ADMIN_PATH)

    def url(self, values: dict[str, str]) -> str:
        return _SLOT.sub(lambda found: values[found["name"]], self.template)


def site_routes() -> list[Route]:
    """Every URL pattern of the site, its parameters as {name} slots."""

    def walk(patterns: list, prefix: str) -> Iterator[Route]:
        for entry in patterns:
            text = prefix + _pattern_text(entry.pattern)
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, text)
            elif isinstance(entry, URLPattern):
                yield Route("/" + text, entry.name or "")

    return list(walk(get_resolver().url_patterns, ""))


def _pattern_text(pattern) -> str:
    if isinstance(pattern, RoutePattern):
        return _CONVERTER.sub(lambda found: "{" + found["name"] + "}", str(pattern))
    regex = str(pattern.regex.pattern).removeprefix("^").removesuffix("$").removesuffix(r"\Z")
    text, i = [], 0
    while i < len(regex):
        if regex.startswith("(?P<", i):
            name_end = regex.index(">", i)
            depth, j = 1, name_end + 1
            while depth:
                if regex[j] == "\\":
                    j += 2
                    continue
                depth += {"(": 1, ")": -1}.get(regex[j], 0)
                j += 1
            text.append("{" + regex[i + 4 : name_end] + "}")
            i = j
        else:
            text.append(regex[i])
            i += 1
    joined = "".join(text)
    if re.search(r"[\\^$*+?()\[\]|]", joined):
        raise AssertionError(f"no way yet to fill in the URL regex {regex!r}: teach _pattern_text")
    return joined


def query_names() -> list[str]:
    """Every query parameter the site's code reads (request.GET.get("x") or GET["x"]), and
    those of the admin's lists."""
    names = {"p", "o", "q", "e", "_changelist_filters", "_popup", "_to_field", "next"}
    for path in _source_files():
        names |= set(re.findall(r"GET(?:\.get\(|\[)\s*[\"'](\w+)[\"']", path.read_text()))
    return sorted(names)


def admin_query_names(route: Route) -> list[str]:
    """The query parameters of an admin list: its filters' and its date hierarchy's."""
    model_admin = next(
        (
            found
            for model, found in admin.site._registry.items()
            if route.name == f"{model._meta.app_label}_{model._meta.model_name}_changelist"
        ),
        None,
    )
    if model_admin is None:
        return []
    names = []
    for entry in model_admin.list_filter:
        field = entry[0] if isinstance(entry, (tuple, list)) else entry
        if isinstance(field, str):
            lookups = ("exact", "isnull", "gte", "lt", "id__exact")
            names += [f"{field}__{lookup}" for lookup in lookups]
        else:
            names.append(field.parameter_name)
    if model_admin.date_hierarchy:
        names += [f"{model_admin.date_hierarchy}__{part}" for part in ("year", "month", "day")]
    return names


def form_field_names() -> list[str]:
    """The fields of every form class loaded (ours, allauth's, the admin's) and every
    request.POST.get("x") in the site's code: a hostile POST fills them all."""
    root = Path(settings.BASE_DIR)
    for app in SOURCE_APPS:
        for module in ("forms", "admin", "admin_forms", "signup_form"):
            # an app's own, and its feature packages' (games/moderation/forms.py)
            for path in sorted((root / app).rglob(f"{module}.py")):
                importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))
    names: set[str] = set()
    pending = [forms.BaseForm]
    while pending:
        form_class = pending.pop()
        pending.extend(form_class.__subclasses__())
        names |= set(getattr(form_class, "base_fields", {}))
    for path in _source_files():
        names |= set(re.findall(r"POST(?:\.get\(|\[)\s*[\"'](\w+)[\"']", path.read_text()))
    return sorted(names)


def _source_files() -> list[Path]:
    files = []
    for app in SOURCE_APPS:
        for path in (Path(settings.BASE_DIR) / app).rglob("*.py"):
            if "migrations" not in path.parts:
                files.append(path)
    return files


class ServerErrors:
    """The exceptions behind 500 answers, for the failure message."""

    def __init__(self) -> None:
        self.last: BaseException | None = None
        got_request_exception.connect(self._seen)

    def _seen(self, sender, **kwargs) -> None:
        self.last = sys.exc_info()[1]

    def close(self) -> None:
        got_request_exception.disconnect(self._seen)


def client_for(user=None) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
        # today's visit already counted: each request is rolled back, and would count it again
        session = client.session
        session[daily_visit.SESSION_KEY] = daily_visit.today_on_site().isoformat()
        session.save()
    return client


def ask(client: Client, method: str, url: str, body: str = "") -> int:
    """The status of one request, everything it did in the database rolled back and the
    client's cookies as before (a logout or a login stays within the request)."""
    cookies = {name: morsel.value for name, morsel in client.cookies.items()}
    savepoint = transaction.savepoint()
    try:
        if method == "GET":
            response = client.get(url)
        else:
            response = client.post(url, data=body.encode("latin-1"), content_type=FORM_BODY)
    finally:
        transaction.savepoint_rollback(savepoint)
        client.cookies = SimpleCookie()
        for name, value in cookies.items():
            client.cookies[name] = value
    return response.status_code


def probe_all(
    client: Client, requests: list[tuple[str, str, str]], who: str, errors: ServerErrors
) -> list[str]:
    """Sends every (method, url, body); the list of those answered with a server error."""
    failures = []
    for method, url, body in requests:
        errors.last = None
        status = ask(client, method, url, body)
        # /health/ answers 503 when a part is down: no Celery worker runs in these tests
        if status >= 500 and not (status == 503 and url.startswith("/health/")):
            shown = url if len(url) < 150 else url[:150] + "..."
            failures.append(f"{who} {method} {shown} {body[:80]!r} -> {status}: {errors.last!r}")
    return failures


FORM_FIELDS = form_field_names()
QUERY_NAMES = query_names()


def form_body(plausible: dict[str, str], **hostile: str) -> str:
    fields = {name: plausible.get(name, "1") for name in FORM_FIELDS if name not in hostile}
    return urlencode(fields) + "".join(f"&{name}={value}" for name, value in hostile.items())


def path_requests(site, routes: list[Route], values: dict[str, str], *, post: bool = True):
    """Each parameter of each route given each value in turn, the other parameters and the
    form plausible."""
    plausible, body = site.plausible(), form_body(site.plausible_form())
    for route in routes:
        for parameter in route.parameters:
            for value in values.values():
                url = route.url({**plausible, parameter: value})
                yield ("GET", url, "")
                if post:
                    yield ("POST", url, body)


def query_requests(site, routes: list[Route], values: dict[str, str]):
    """Every query parameter the code reads, all with one value; for an admin list, its
    filters and date hierarchy too."""
    plausible = site.plausible()
    for route in routes:
        names = QUERY_NAMES + admin_query_names(route)
        for value in values.values():
            # workers=0: /health/ would wait a second for Celery workers (none run here) and
            # only compares the value with "0"
            query = "&".join(f"{n}={value if n != 'workers' else 0}" for n in names)
            yield ("GET", route.url(plausible) + "?" + query, "")


def form_requests(site, routes: list[Route], values: dict[str, str]):
    """Every form field of the site, all with one value."""
    plausible = site.plausible()
    for route in routes:
        for value in values.values():
            yield ("POST", route.url(plausible), "&".join(f"{n}={value}" for n in FORM_FIELDS))


def server_errors_text(failures: list[str]) -> str:
    return f"{len(failures)} server errors:\n" + "\n".join(failures)
