"""What bad input is answered, where the issue found server errors: the middleware's 400 for
NUL and bytes that are not UTF-8 (through the test client and through the ASGI application
with the scope daphne builds), and each view's own answer without the middleware."""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.contrib.messages import get_messages
from django.test import Client

from euchre_site.asgi import application
from games.models import Game
from games.moderation.models import AbuseReport

from .http_probe import ask, client_for, form_body

pytestmark = [pytest.mark.django_db, pytest.mark.services]

MIDDLEWARE = "euchre_site.middleware.UnreadableInputMiddleware"


@pytest.fixture
def without_the_middleware(settings):
    """Each view on its own, as if the middleware were gone."""
    assert MIDDLEWARE in settings.MIDDLEWARE
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != MIDDLEWARE]


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("/rankings/?q=%00", "The address holds characters"),
        ("/rankings/?q=a%00b&page=2", "The address holds characters"),
        ("/coins/bought/?session_id=%ED%A0%80", "The address holds characters"),
        ("/coins/bought/status/?session_id=%C0%80", "The address holds characters"),
        ("/tables/join/%00/", "The address holds characters"),
        ("/leagues/join/%00/", "The address holds characters"),
        ("/accounts/invite/%00/", "The address holds characters"),
    ],
)
def test_nul_or_broken_utf8_in_the_address_is_a_400_page(site, url, reason):
    for client in (client_for(site.pat), client_for(None)):
        response = client.get(url)
        assert response.status_code == 400
        assert reason in response.content.decode()
        assert "Bad request" in response.content.decode()  # the site's own page


def test_a_form_with_nul_is_refused_before_the_view_changes_anything(site):
    client = client_for(site.pat)
    response = client.post(
        "/accounts/settings/",
        data=b"display_name=Pat%00rick&going_under=with",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "The form you sent holds characters" in response.content.decode()
    site.pat.refresh_from_db()
    assert site.pat.display_name.startswith("Pat") and "\x00" not in site.pat.display_name


def test_a_multipart_form_with_nul_is_refused(site):
    """The table page's report is sent as multipart (FormData)."""
    response = client_for(site.pat).post(
        f"/tables/{site.game.pk}/report/",
        {"seat": "2", "reason": "abuse", "details": "rude\x00words"},
    )
    assert response.status_code == 400
    assert not AbuseReport.objects.filter(game=site.game, details__contains="rude").exists()


def test_a_session_cookie_with_nul_is_a_400_and_never_reaches_the_database(site):
    client = Client(raise_request_exception=False)
    client.cookies[settings.SESSION_COOKIE_NAME] = "\x00" * 32
    response = client.get("/")
    assert response.status_code == 400
    assert "a cookie it never set" in response.content.decode()


def test_a_script_asking_for_json_gets_json(site):
    response = client_for(site.pat).get(
        "/coins/bought/status/?session_id=%00", headers={"Accept": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "bad_input"


def asgi_get(raw_path: bytes, query: bytes = b"") -> tuple[int, bytes]:
    """A GET through the site's ASGI application with the scope daphne builds: `path` decoded
    with U+FFFD for bytes that are not UTF-8, `raw_path` as sent."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": unquote(raw_path.decode("ascii")),
        "raw_path": raw_path,
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }

    async def exchange() -> tuple[int, bytes]:
        communicator = ApplicationCommunicator(application, scope)
        await communicator.send_input({"type": "http.request", "body": b""})
        start = await communicator.receive_output(timeout=10)
        body = await communicator.receive_output(timeout=10)
        await communicator.wait(timeout=10)
        return start["status"], body.get("body", b"")

    return async_to_sync(exchange)()


@pytest.mark.parametrize(
    ("raw_path", "query"),
    [
        (b"/accounts/invite/%00/", b""),
        (b"/accounts/invite/%ED%A0%80/", b""),  # daphne's path would hold U+FFFD
        (b"/accounts/invite/%C0%80/", b""),
        (b"/rankings/", b"q=%00"),
        (b"/rankings/", b"q=%ED%A0%80"),
    ],
)
def test_through_the_asgi_application_as_daphne_passes_it(raw_path, query):
    status, body = asgi_get(raw_path, query)
    assert status == 400
    assert b"characters no page of this site uses" in body


def test_a_readable_address_passes_through_the_asgi_application():
    status, _ = asgi_get(b"/accounts/invite/%E2%99%A0/")  # a spade: UTF-8, no such code
    assert status == 404


# -- each view on its own -------------------------------------------------------------------


@pytest.mark.usefixtures("without_the_middleware")
@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/rankings/?q=%00", 200),
        ("/rankings/?q=Pat%00&page=99999999999999999999", 200),
        ("/coins/bought/?session_id=%00", 200),
        ("/coins/bought/status/?session_id=%00", 404),
        ("/tables/join/%00/", 404),
        ("/leagues/join/%00/", 404),
        ("/accounts/invite/%00/", 404),
        ("/champions/0/1/", 404),
        ("/champions/99999999999999999999/1/", 404),
        ("/champions/2025/13/", 404),
    ],
)
def test_each_view_answers_bad_values_on_its_own(site, url, status):
    response = client_for(site.pat).get(url)
    assert response.status_code == status


@pytest.mark.usefixtures("without_the_middleware")
def test_an_invitation_link_with_nul_is_a_404_for_a_visitor_too(site):
    assert client_for(None).get("/accounts/invite/%00/").status_code == 404


# the forms whose text reaches the database, and their text fields
FORMS_WITH_TEXT = {
    "/accounts/settings/": ["display_name"],
    "/accounts/signup/": ["display_name", "email", "password1"],
    "/accounts/login/": ["login", "password"],
    "/accounts/password/reset/": ["email"],
    "/accounts/email/": ["email"],
    "/leagues/new/": ["name", "description", "creation_key"],
    "/leagues/{league_id}/invite/": ["name"],
    "/tables/{game_id}/invite/": ["name"],
    "/tables/{game_id}/report/": ["details"],
    "/tables/new/": ["computer_level"],
    "/play/warnings/{decision_id}/acknowledge/": ["next"],
}


@pytest.mark.usefixtures("without_the_middleware")
@pytest.mark.parametrize("value", ["%00", "a%00b", "%ED%A0%80"])
def test_each_form_refuses_nul_on_its_own(site, value):
    """Django's CharField refuses NUL (its ProhibitNullCharactersValidator); a lone surrogate
    cannot come through a form at all (Django decodes bytes that are not UTF-8 as U+FFFD)."""
    client = client_for(site.pat)
    plausible = site.plausible()
    for template, fields in FORMS_WITH_TEXT.items():
        url = template.format(**plausible)
        for field in fields:
            body = form_body(site.plausible_form(), **{field: value})
            assert ask(client, "POST", url, body) < 500, (url, field)


@pytest.mark.parametrize("action", ["start", "leave", "cancel", "invite"])
def test_a_table_that_does_not_exist_is_a_message_not_a_server_error(site, action):
    client = client_for(site.pat)
    missing = (Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000
    response = client.post(f"/tables/{missing}/{action}/", {"name": site.others[0].display_name})
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["There is no such table."]


@pytest.mark.parametrize("back", ["0", "lobby", "a\nb", "//evil.example/", "https://evil.example/"])
def test_acknowledging_a_warning_goes_back_only_to_a_page_of_this_site(site, back):
    response = client_for(site.pat).post(
        f"/play/warnings/{site.warning.pk}/acknowledge/", {"next": back}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_acknowledging_a_warning_goes_back_to_the_page_it_was_on(site):
    response = client_for(site.pat).post(
        f"/play/warnings/{site.warning.pk}/acknowledge/", {"next": "/rankings/?page=2"}
    )
    assert response["Location"] == "/rankings/?page=2"
