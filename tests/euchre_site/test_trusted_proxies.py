"""The one rule for the client's address and scheme (euchre_site.proxies): forwarded headers
count only from TRUSTED_PROXIES. The login limit with real requests is in
tests/scale/test_forwarded_addresses.py (daphne processes)."""

from __future__ import annotations

import ipaddress

import pytest
from django.core.exceptions import ImproperlyConfigured
from hypothesis import given
from hypothesis import strategies as st

from euchre_site.proxies import (
    FORWARDED_HEADERS,
    ProxyHeadersMiddleware,
    TrustedProxies,
    address_parse,
    networks_parse,
)

PROXIES = TrustedProxies(networks_parse(["10.0.0.0/8", "192.0.2.1", "2001:db8::/32"]))


def scope_of(peer: str | None, *headers: tuple[str, str], kind: str = "http") -> dict:
    return {
        "type": kind,
        "scheme": "ws" if kind == "websocket" else "http",
        "client": [peer, 40000] if peer else None,
        "headers": [(b"host", b"localhost")]
        + [(name.encode(), value.encode()) for name, value in headers],
    }


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("203.0.113.7", "203.0.113.7"),
        (" 203.0.113.7 ", "203.0.113.7"),
        ("203.0.113.7:5100", "203.0.113.7"),
        ("2001:db8::1", "2001:db8::1"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("[2001:db8::1]:443", "2001:db8::1"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("unknown", None),
        ("_hidden", None),
        ("", None),
        ("203.0.113.999", None),
        ("[2001:db8::1", None),
    ],
)
def test_addresses_as_proxies_write_them(text, address):
    parsed = address_parse(text)
    assert (str(parsed) if parsed else None) == address


def test_an_untrusted_peer_is_the_client_whatever_it_forwards():
    assert PROXIES.client_address("203.0.113.50", ["198.51.100.1"]) == "203.0.113.50"


def test_behind_a_trusted_proxy_the_client_is_the_right_most_untrusted_hop():
    # the client wrote 1.1.1.1 itself; the proxy appended the address it saw
    assert PROXIES.client_address("10.0.0.1", ["1.1.1.1, 203.0.113.7"]) == "203.0.113.7"
    # two proxies of ours in a row
    assert PROXIES.client_address("10.0.0.1", ["203.0.113.7, 192.0.2.1"]) == "203.0.113.7"
    # several header lines are one list, in order
    assert PROXIES.client_address("10.0.0.1", ["1.1.1.1", "203.0.113.7"]) == "203.0.113.7"
    assert PROXIES.client_address("2001:db8::5", ["[2001:db9::1]:80"]) == "2001:db9::1"


def test_when_every_hop_is_trusted_the_left_most_is_the_client():
    assert PROXIES.client_address("10.0.0.1", ["10.0.0.9, 10.0.0.8"]) == "10.0.0.9"


def test_an_unreadable_hop_leaves_the_last_trusted_address():
    assert PROXIES.client_address("10.0.0.1", ["203.0.113.7, unknown"]) == "10.0.0.1"
    assert PROXIES.client_address("10.0.0.1", ["unknown, 10.0.0.3"]) == "10.0.0.3"
    assert PROXIES.client_address("10.0.0.1", [""]) == "10.0.0.1"


def test_a_trusted_proxy_sets_the_client_and_the_scheme_of_the_scope():
    scope = scope_of("10.0.0.1", ("x-forwarded-for", "203.0.113.7"), ("x-forwarded-proto", "https"))
    rewritten = PROXIES.scope_rewrite(scope)
    assert rewritten["client"] == ["203.0.113.7", 0]
    assert rewritten["scheme"] == "https"
    assert scope["client"] == ["10.0.0.1", 40000]  # the caller's scope is left as it was
    socket = scope_of("10.0.0.1", ("x-forwarded-proto", "https"), kind="websocket")
    assert PROXIES.scope_rewrite(socket)["scheme"] == "wss"
    # the nearest proxy's word counts; anything but http(s) changes nothing
    told = scope_of("10.0.0.1", ("x-forwarded-proto", "https, http"))
    assert PROXIES.scope_rewrite(told)["scheme"] == "http"
    odd = scope_of("10.0.0.1", ("x-forwarded-proto", "gopher"))
    assert PROXIES.scope_rewrite(odd)["scheme"] == "http"


def test_an_untrusted_peers_forwarded_headers_are_dropped():
    scope = scope_of(
        "203.0.113.50",
        ("x-forwarded-for", "10.0.0.1"),
        ("x-forwarded-proto", "https"),
        ("x-forwarded-host", "evil.example"),
        ("forwarded", "for=10.0.0.1;proto=https"),
    )
    rewritten = PROXIES.scope_rewrite(scope)
    assert rewritten["client"] == ["203.0.113.50", 40000]
    assert rewritten["scheme"] == "http"
    assert rewritten["headers"] == [(b"host", b"localhost")]


def test_nothing_is_trusted_by_default(settings):
    assert settings.TRUSTED_PROXIES == []
    scope = scope_of("127.0.0.1", ("x-forwarded-for", "203.0.113.7"))
    from euchre_site.proxies import trusted_proxies

    assert trusted_proxies().scope_rewrite(scope)["client"] == ["127.0.0.1", 40000]


@given(
    peer=st.ip_addresses().map(str),
    forwarded=st.lists(st.text(max_size=60), max_size=4),
    proto=st.text(max_size=10),
)
def test_from_an_untrusted_peer_no_header_changes_anything(peer, forwarded, proto):
    if PROXIES.trusts(address_parse(peer)):
        return
    headers = [("x-forwarded-for", value) for value in forwarded] + [("x-forwarded-proto", proto)]
    headers = [(n, v) for n, v in headers if v.isprintable() and v.isascii()]
    rewritten = PROXIES.scope_rewrite(scope_of(peer, *headers))
    assert rewritten["client"] == [peer, 40000]
    assert rewritten["scheme"] == "http"
    assert not any(name in FORWARDED_HEADERS for name, _ in rewritten["headers"])


@given(hops=st.lists(st.ip_addresses(), min_size=1, max_size=5))
def test_behind_a_trusted_proxy_the_client_is_never_a_trusted_hop_unless_all_are(hops):
    client = PROXIES.client_address("10.0.0.1", [", ".join(str(hop) for hop in hops)])
    untrusted = [str(hop) for hop in hops if not PROXIES.trusts(address_parse(str(hop)))]
    if untrusted:
        assert client == str(address_parse(untrusted[-1]))
    else:
        assert client == str(address_parse(str(hops[0])))


@pytest.mark.parametrize("entry", ["proxy.example.com", "10.0.0.0/33", "*"])
def test_a_bad_trusted_proxies_entry_stops_the_start(settings, entry):
    settings.TRUSTED_PROXIES = ["10.0.0.1", entry]
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
        ProxyHeadersMiddleware(lambda scope, receive, send: None)


def test_networks_and_single_addresses_are_both_understood():
    networks = networks_parse(["10.1.2.3", "172.16.0.0/12", "::1"])
    assert networks == (
        ipaddress.ip_network("10.1.2.3/32"),
        ipaddress.ip_network("172.16.0.0/12"),
        ipaddress.ip_network("::1/128"),
    )
