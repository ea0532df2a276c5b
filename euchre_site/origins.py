"""Which pages may open a socket: the site's own origin (scheme, host and port), and those in
settings.ALLOWED_ORIGINS.

channels' AllowedHostsOriginValidator compares only the host with ALLOWED_HOSTS, so a page on
`http://127.0.0.1:9` or `https://localhost` could open a socket with the player's cookies. A
browser sends the page's origin with every WebSocket handshake; here it must equal the origin
the socket was opened to: http for ws, https for wss (the scheme a trusted proxy reports, see
`euchre_site.proxies`), and the Host header, which must itself be one of ALLOWED_HOSTS. A
refused socket is closed before it is accepted (daphne answers 403).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}
# what Django itself allows when DEBUG is on and ALLOWED_HOSTS is empty
DEBUG_HOSTS = [".localhost", "127.0.0.1", "[::1]"]

Origin = tuple[str, str, int]


def origin_parse(text: str) -> Origin | None:
    """(scheme, host, port) of an http(s) origin, ports made explicit; None for anything else
    ("null", another scheme, a path, junk)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


@lru_cache(maxsize=4)
def _origins(entries: tuple[str, ...]) -> frozenset[Origin]:
    origins = {entry: origin_parse(entry) for entry in entries}
    for entry, origin in origins.items():
        if origin is None:
            raise ImproperlyConfigured(
                f"ALLOWED_ORIGINS: {entry!r} is not an origin such as https://euchre.example.com"
            )
    return frozenset(origin for origin in origins.values() if origin)


def allowed_origins() -> frozenset[Origin]:
    """settings.ALLOWED_ORIGINS, read on each call (cheap: parsed once per value)."""
    return _origins(tuple(settings.ALLOWED_ORIGINS))


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key == name:
            return value.decode("latin1")
    return None


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin = _header(scope, b"origin")
    told = origin_parse(origin) if origin else None
    if told is None:
        return False
    if told in allowed_origins():
        return True
    host = _header(scope, b"host")
    if not host:
        return False
    allowed_hosts = settings.ALLOWED_HOSTS or (DEBUG_HOSTS if settings.DEBUG else [])
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, allowed_hosts):
        return False
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return told == origin_parse(f"{scheme}://{host}")


class SameOriginValidator:
    """ASGI middleware for WebSocket connections."""

    def __init__(self, application: Any) -> None:
        self.application = application
        self.denier = WebsocketDenier.as_asgi()
        allowed_origins()  # a bad ALLOWED_ORIGINS stops daphne at start, not at a socket

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await self.denier(scope, receive, send)
        return await self.application(scope, receive, send)
