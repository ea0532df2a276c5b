"""Who the client is: one rule for every request and socket.

daphne sees the address of whoever connected to it (its peer). Behind a proxy that is the proxy,
and the client's own address comes in `X-Forwarded-For`, its scheme in `X-Forwarded-Proto`. Those
headers are believed only from the proxies listed in settings.TRUSTED_PROXIES (addresses or CIDR
networks; none by default): from anyone else they are dropped before Django or Channels see the
request, so nothing downstream can read a made-up one. daphne's own `--proxy-headers` believes
any peer, which is why the Procfile does not use it.

The client is the right-most address of `X-Forwarded-For` that is not itself a trusted proxy:
each proxy appends the address it saw, so everything left of the first untrusted hop was
written by the client and proves nothing. Django's REMOTE_ADDR (and so allauth's rate limits,
settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0) and request.scheme come from the rewritten scope.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

FORWARDED_FOR = b"x-forwarded-for"
FORWARDED_PROTO = b"x-forwarded-proto"
# dropped from an untrusted peer's requests along with the two above
FORWARDED_HEADERS = frozenset(
    {FORWARDED_FOR, FORWARDED_PROTO, b"x-forwarded-host", b"x-forwarded-port", b"forwarded"}
)
# the scope's scheme for what the proxy says the client used, per kind of connection
SCHEMES = {
    "http": {"http": "http", "https": "https"},
    "websocket": {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"},
}


def address_parse(text: str) -> IPAddress | None:
    """An address as proxies write it ("203.0.113.7", "203.0.113.7:5100", "[2001:db8::1]:443",
    "2001:db8::1"), or None for anything else ("unknown", an obfuscated name, junk)."""
    text = text.strip()
    if text.startswith("["):  # [IPv6] or [IPv6]:port
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:  # IPv4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped  # ::ffff:192.0.2.1 is 192.0.2.1
    return address


def networks_parse(entries: Iterable[str]) -> tuple[IPNetwork, ...]:
    """TRUSTED_PROXIES as networks; an entry that is neither an address nor a network stops
    the site from starting rather than trusting something else than meant."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError as error:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {entry!r} is not an IP address or network"
            ) from error
    return tuple(networks)


class TrustedProxies:
    def __init__(self, networks: Sequence[IPNetwork]) -> None:
        self.networks = tuple(networks)

    def trusts(self, address: IPAddress | None) -> bool:
        return address is not None and any(address in network for network in self.networks)

    def client_address(self, peer: str, forwarded_for: Sequence[str]) -> str:
        """The client's address, given the peer's and the `X-Forwarded-For` header values."""
        address = address_parse(peer)
        if not self.trusts(address):
            return peer
        hops = [hop for value in forwarded_for for hop in value.split(",")]
        for hop in reversed(hops):
            parsed = address_parse(hop)
            if parsed is None:
                break  # unreadable: the last hop known stands (a trusted proxy)
            address = parsed
            if not self.trusts(address):
                break
        return str(address)

    def scope_rewrite(self, scope: dict[str, Any]) -> dict[str, Any]:
        """The scope as the application should see it: the client's address and scheme when
        the peer is a trusted proxy, without any forwarded header when it is not."""
        client = scope.get("client")
        peer = client[0] if client else None
        headers = scope.get("headers") or []
        if not self.trusts(address_parse(peer) if peer else None):
            kept = [(name, value) for name, value in headers if name not in FORWARDED_HEADERS]
            return {**scope, "headers": kept} if len(kept) != len(headers) else scope
        forwarded_for = [v.decode("latin1") for n, v in headers if n == FORWARDED_FOR]
        scope = dict(scope)
        if forwarded_for:
            address = self.client_address(peer, forwarded_for)
            if address != peer:
                scope["client"] = [address, 0]
        protos = [v.decode("latin1") for n, v in headers if n == FORWARDED_PROTO]
        if protos:
            # the right-most value: what the nearest proxy, a trusted one, says
            told = protos[-1].split(",")[-1].strip().lower()
            scheme = SCHEMES.get(scope["type"], {}).get(told)
            if scheme:
                scope["scheme"] = scheme
        return scope


@lru_cache(maxsize=4)
def _trusted(entries: tuple[str, ...]) -> TrustedProxies:
    return TrustedProxies(networks_parse(entries))


def trusted_proxies() -> TrustedProxies:
    """From settings.TRUSTED_PROXIES, read on each call (cheap: parsed once per value)."""
    return _trusted(tuple(settings.TRUSTED_PROXIES))


class ProxyHeadersMiddleware:
    """ASGI middleware around the whole application (HTTP and WebSocket alike)."""

    def __init__(self, application: Any) -> None:
        self.application = application
        trusted_proxies()  # a bad TRUSTED_PROXIES stops daphne at start, not at a request

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] in ("http", "websocket"):
            scope = trusted_proxies().scope_rewrite(scope)
        return await self.application(scope, receive, send)
