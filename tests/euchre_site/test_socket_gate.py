"""What the ASGI application lets through to a socket: only the site's own origin (or one in
ALLOWED_ORIGINS), and only a path a route matches. Through the real application, as daphne
calls it."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from accounts.models import User
from euchre_site.asgi import application
from euchre_site.origins import origin_parse
from games.engine import RuleOptions
from games.models import Game
from games.tables.services.tables import table_create
from tests.games.live.sockets import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

REFUSED_BEFORE_ANY_CONSUMER = 1000  # channels' WebsocketDenier closes before accepting
NOT_LOGGED_IN = 4401  # the table consumer's own answer: it ran


def connect(
    path: str,
    *,
    origin: str | None,
    host: str = "localhost",
    scheme: str = "ws",
    client: tuple[str, int] = ("127.0.0.1", 50000),
    cookie: str | None = None,
    extra_headers: list[tuple[bytes, bytes]] | None = None,
) -> tuple[bool, Any]:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode("latin1")))
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    headers += extra_headers or []

    async def attempt() -> tuple[bool, Any]:
        socket = WebsocketCommunicator(application, path, headers=headers)
        socket.scope.update(scheme=scheme, client=list(client))
        try:
            return await socket.connect(timeout=5)
        finally:
            await socket.disconnect()

    return async_to_sync(attempt)()


def outcome(**kwargs: Any) -> int | str:
    """The consumer's code when the socket reached it, else the refusal's."""
    connected, code = connect("/ws/tables/1/", **kwargs)
    return "accepted" if connected else code


@pytest.fixture
def seated_player(redis_client) -> tuple[Game, str]:
    player = User.objects.create_user("gate@example.com", None, display_name="Gate")
    game = table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    return game, session_cookie(player)


def test_the_sites_own_origin_opens_a_players_socket(seated_player):
    game, cookie = seated_player
    connected, _ = connect(
        f"/ws/tables/{game.pk}/",
        origin="http://localhost:8000",
        host="localhost:8000",
        cookie=cookie,
    )
    assert connected


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("http://localhost", "localhost", "ws"),
        ("http://localhost:80", "localhost", "ws"),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws"),
        ("HTTP://LocalHost:8000", "localhost:8000", "ws"),
        ("https://localhost", "localhost", "wss"),
        ("https://localhost", "localhost:443", "wss"),
        ("http://[::1]:8000", "[::1]:8000", "ws"),
    ],
)
def test_an_origin_equal_to_the_sockets_own_reaches_the_consumer(origin, host, scheme):
    assert outcome(origin=origin, host=host, scheme=scheme) == NOT_LOGGED_IN


@pytest.mark.parametrize(
    ("origin", "host", "scheme"),
    [
        ("http://127.0.0.1:9", "127.0.0.1:8000", "ws"),  # an allowed host, another port
        ("https://localhost", "localhost", "ws"),  # another scheme
        ("http://localhost", "localhost", "wss"),
        ("http://localhost:8000", "localhost", "ws"),
        ("http://127.0.0.1:8000", "localhost:8000", "ws"),  # another allowed host
        ("http://evil.example", "evil.example", "ws"),  # a Host not in ALLOWED_HOSTS
        ("http://evil.example", "localhost", "ws"),
        ("null", "localhost", "ws"),
        ("file://localhost", "localhost", "ws"),
        ("http://localhost/page", "localhost", "ws"),
        ("http://user@localhost", "localhost", "ws"),
        ("http://localhost:99999", "localhost", "ws"),
        ("\xff\x00junk", "localhost", "ws"),
        (None, "localhost", "ws"),  # no Origin at all
    ],
)
def test_any_other_origin_is_refused_before_any_consumer(origin, host, scheme):
    assert outcome(origin=origin, host=host, scheme=scheme) == REFUSED_BEFORE_ANY_CONSUMER


def test_origins_in_allowed_origins_are_accepted_too(settings):
    settings.ALLOWED_ORIGINS = ["https://play.example.com", "http://localhost:3000"]
    assert outcome(origin="https://play.example.com", host="localhost") == NOT_LOGGED_IN
    assert outcome(origin="https://play.example.com:443", host="localhost") == NOT_LOGGED_IN
    assert outcome(origin="http://localhost:3000", host="localhost") == NOT_LOGGED_IN
    assert (
        outcome(origin="http://play.example.com", host="localhost") == REFUSED_BEFORE_ANY_CONSUMER
    )
    # and the site's own origin still is
    assert outcome(origin="http://localhost", host="localhost") == NOT_LOGGED_IN


def test_the_scheme_comes_from_a_trusted_proxy_only(settings):
    proto_https = [(b"x-forwarded-proto", b"https")]
    proxied = {"origin": "https://localhost", "host": "localhost", "extra_headers": proto_https}
    # anyone may write the header: without TRUSTED_PROXIES it is dropped, the socket is ws
    assert outcome(**proxied) == REFUSED_BEFORE_ANY_CONSUMER
    settings.TRUSTED_PROXIES = ["127.0.0.0/8"]
    assert outcome(**proxied) == NOT_LOGGED_IN
    assert outcome(**proxied, client=("192.0.2.9", 4000)) == REFUSED_BEFORE_ANY_CONSUMER


@pytest.mark.parametrize(
    "path",
    [
        "/ws/tables/abc/",
        "/ws/tables/",
        "/ws/tables/1/extra/",
        "/ws/nothing/",
        "/",
        "/ws/tables/-1/",
        "/ws/tables/1",
        "/ws/tables/%00/",
    ],
)
def test_a_socket_to_a_path_no_route_matches_is_refused(path):
    connected, code = connect(path, origin="http://localhost")
    assert (connected, code) == (False, REFUSED_BEFORE_ANY_CONSUMER)


def test_a_game_number_beyond_any_game_is_refused_cleanly(seated_player):
    _, cookie = seated_player
    connected, code = connect(
        "/ws/tables/99999999999999999999999/", origin="http://localhost", cookie=cookie
    )
    assert not connected
    assert code == 4403  # no seat at a table that cannot exist, not a server error


def test_origins_are_parsed_with_explicit_ports():
    assert origin_parse("https://Euchre.Example.com") == ("https", "euchre.example.com", 443)
    assert origin_parse("http://[::1]:8000") == ("http", "::1", 8000)
    assert origin_parse("ws://localhost") is None  # pages have http(s) origins
    assert origin_parse("null") is None


@pytest.mark.parametrize("entry", ["localhost", "https://example.com/path", "*"])
def test_a_bad_allowed_origins_entry_stops_the_start(settings, entry):
    from django.core.exceptions import ImproperlyConfigured

    from euchre_site.origins import SameOriginValidator

    settings.ALLOWED_ORIGINS = [entry]
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_ORIGINS"):
        SameOriginValidator(application)
