"""No input gives a server error. Every URL of the site (walked from the resolver: a new URL
is fuzzed without a change here), every parameter in its path, every query parameter the code
reads and every form field of the site's forms get hostile values: NUL, lone surrogates and
overlong UTF-8, huge and negative numbers, years 0 and 99999999999999999999, 10,000
characters; as a visitor and as a player, GET and POST, and the admin's URLs as staff. Any
answer below 500 passes (a 400, a 404, a form error...)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies
from hypothesis.strategies import SearchStrategy

from .http_probe import (
    FORM_FIELDS,
    NASTY,
    NASTY_FEW,
    NASTY_FOR_VIEWS,
    QUERY_NAMES,
    ServerErrors,
    admin_query_names,
    client_for,
    form_body,
    form_requests,
    path_requests,
    probe_all,
    query_requests,
    server_errors_text,
    site_routes,
)

pytestmark = [pytest.mark.django_db, pytest.mark.services]

ROUTES = site_routes()
SITE_ROUTES = [route for route in ROUTES if not route.is_admin]
ADMIN_ROUTES = [route for route in ROUTES if route.is_admin]


@pytest.fixture
def errors():
    seen = ServerErrors()
    yield seen
    seen.close()


def test_the_walk_finds_the_urls_of_every_app():
    templates = {route.template for route in ROUTES}
    for expected in (
        "/rankings/",
        "/coins/bought/status/",
        "/tables/join/{token}/",
        "/leagues/join/{token}/",
        "/accounts/invite/{code}/",
        "/champions/{year}/{month}/",
        "/accounts/password/reset/key/{uidb36}-{key}/",
        "/staff/games/abusereport/{report_id}/decide/",
    ):
        assert expected in templates
    assert {"q", "page", "session_id", "table", "workers"} <= set(QUERY_NAMES)
    assert {"display_name", "details", "name", "description", "next"} <= set(FORM_FIELDS)
    games = next(route for route in ROUTES if route.name == "games_game_changelist")
    assert "created_at__year" in admin_query_names(games)


@pytest.mark.parametrize("who", ["visitor", "player"])
def test_hostile_values_in_every_path_parameter(site, errors, who):
    client = client_for(site.pat if who == "player" else None)
    requests = list(path_requests(site, SITE_ROUTES, NASTY))
    assert len(requests) > 500
    failures = probe_all(client, requests, who, errors)
    assert not failures, server_errors_text(failures)


@pytest.mark.parametrize("who", ["visitor", "player"])
def test_hostile_values_in_every_query_parameter(site, errors, who):
    client = client_for(site.pat if who == "player" else None)
    requests = list(query_requests(site, SITE_ROUTES, NASTY_FOR_VIEWS))
    failures = probe_all(client, requests, who, errors)
    assert not failures, server_errors_text(failures)


@pytest.mark.parametrize("who", ["visitor", "player"])
def test_hostile_values_in_every_form_field(site, errors, who):
    client = client_for(site.pat if who == "player" else None)
    requests = list(form_requests(site, SITE_ROUTES, NASTY_FOR_VIEWS))
    failures = probe_all(client, requests, who, errors)
    assert not failures, server_errors_text(failures)


def test_hostile_values_in_the_admin_as_staff(site, errors):
    """Every admin URL's parameters (GET and POST), the lists' filters and date hierarchy, and
    every form field posted to the pages that are not one object's (lists with their actions,
    add forms, the staff's own pages: decide, compensate, close a month)."""
    client = client_for(site.staff)
    not_one_object = [route for route in ADMIN_ROUTES if "object_id" not in route.parameters]
    requests = [
        *path_requests(site, ADMIN_ROUTES, NASTY_FEW),
        *query_requests(site, [route for route in ADMIN_ROUTES if not route.parameters], NASTY_FEW),
        *form_requests(site, not_one_object, NASTY_FEW),
    ]
    failures = probe_all(client, requests, "staff", errors)
    assert not failures, server_errors_text(failures)


def _url_text() -> SearchStrategy[str]:
    """Text as it travels in a URL: any characters percent-encoded as UTF-8 (NUL and lone
    surrogates included), bytes that are not UTF-8, and numbers of any size."""

    def encoded(data: bytes) -> str:
        return "".join(f"%{byte:02X}" for byte in data)

    return strategies.one_of(
        strategies.text(max_size=30).map(
            lambda text: encoded(text.encode("utf-8", "surrogatepass"))
        ),
        strategies.binary(max_size=12).map(encoded),
        strategies.integers(min_value=-(10**25), max_value=10**25).map(str),
    )


FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(
    route=strategies.sampled_from([route for route in SITE_ROUTES if route.parameters]),
    value=_url_text(),
    logged_in=strategies.booleans(),
)
def test_any_text_in_a_path_parameter(site, errors, route, value, logged_in):
    client = client_for(site.pat if logged_in else None)
    failures = probe_all(client, list(path_requests(site, [route], {"any": value})), "", errors)
    assert not failures, server_errors_text(failures)


@FUZZ
@given(
    route=strategies.sampled_from(SITE_ROUTES),
    field=strategies.sampled_from(FORM_FIELDS + QUERY_NAMES),
    value=_url_text(),
)
def test_any_text_in_one_field_of_a_valid_form_or_query(site, errors, route, field, value):
    """One hostile field among plausible ones, so the value gets past the form's other checks."""
    client = client_for(site.pat)
    url = route.url(site.plausible())
    body = form_body(site.plausible_form(), **{field: value})
    requests = [("GET", f"{url}?{field}={value}", ""), ("POST", url, body)]
    failures = probe_all(client, requests, "player", errors)
    assert not failures, server_errors_text(failures)
