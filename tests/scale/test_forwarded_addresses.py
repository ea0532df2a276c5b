"""Forwarded headers against real daphne processes, started as the Procfile starts them. The
login limit (30 a minute per client address): a made-up X-Forwarded-For from a peer that is not
a trusted proxy changes nothing, while behind a trusted proxy each client has its own count. And
X-Forwarded-Proto makes a request HTTPS only from a trusted proxy."""

from __future__ import annotations

import http.client
import re
import shlex
from collections.abc import Iterator
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
from django.core.cache import cache

from .conftest import ROOT, Cluster

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

LOGINS_A_MINUTE = 30  # allauth's "login" limit per IP, kept on by the site


@pytest.fixture(autouse=True)
def login_counts_reset(redis_client) -> Iterator[None]:
    def delete() -> None:
        # only this run's keys: other runs and sites share the Redis
        keys = list(redis_client.scan_iter(match=cache.make_key("allauth:rl:*"), count=500))
        if keys:
            redis_client.delete(*keys)

    delete()
    yield
    delete()


class Browser:
    """One client of the site, talking HTTP to a daphne; `forwarded_for` is what it (or the
    proxy in front of it) puts in X-Forwarded-For."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str | None, headers: dict[str, str]) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
            connection.request(
                method, path, body=body, headers={"Host": "localhost", "Cookie": cookie, **headers}
            )
            response = connection.getresponse()
            self.page = response.read().decode(errors="replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status
        finally:
            connection.close()

    def log_in(self, forwarded_for: str | None = None) -> int:
        headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
        if "csrftoken" not in self.cookies:
            assert self.request("GET", "/accounts/login/", None, headers) == 200
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', self.page or "")
        body = urlencode(
            {
                "csrfmiddlewaretoken": token.group(1) if token else self.cookies["csrftoken"],
                "login": "nobody@example.com",
                "password": "not a password",
            }
        )
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return self.request("POST", "/accounts/login/", body, headers)


def procfile_daphne_options() -> list[str]:
    """daphne's options in the Procfile's web1 line, less the address and port."""
    line = next(
        line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web1:")
    )
    words = shlex.split(line.split(":", 1)[1])
    words = words[words.index("daphne") + 1 : -1]  # the application is the last word
    options = []
    while words:
        word = words.pop(0)
        if word in ("-b", "--bind", "-p", "--port"):
            words.pop(0)
        else:
            options.append(word)
    return options


def daphne_port(cluster: Cluster, trusted_proxies: str) -> int:
    cluster.env["TRUSTED_PROXIES"] = trusted_proxies
    name = f"web-trusting-{trusted_proxies or 'nobody'}"
    cluster.daphne(name, options=procfile_daphne_options())
    return cluster.ports[name]


def test_a_made_up_forwarded_address_does_not_escape_the_login_limit(cluster):
    port = daphne_port(cluster, "")
    browser = Browser(port)
    answers = [browser.log_in(f"198.51.100.{n}") for n in range(LOGINS_A_MINUTE)]
    assert answers == [200] * LOGINS_A_MINUTE
    assert browser.log_in("198.51.100.200") == 429
    assert Browser(port).log_in("203.0.113.9") == 429  # another "client" is the same peer


def test_behind_a_trusted_proxy_each_client_has_its_own_count(cluster):
    port = daphne_port(cluster, "127.0.0.1")  # the test is the proxy, on 127.0.0.1
    first, second = Browser(port), Browser(port)
    answers = [first.log_in("203.0.113.7") for _ in range(LOGINS_A_MINUTE)]
    assert answers == [200] * LOGINS_A_MINUTE
    assert first.log_in("203.0.113.7") == 429
    # what the client wrote before the proxy's own entry proves nothing
    assert first.log_in("198.51.100.1, 203.0.113.7") == 429
    assert second.log_in("203.0.113.8") == 200


def test_in_production_only_a_trusted_proxy_says_a_request_came_over_https(cluster):
    """HTTPS redirects (DJANGO_ENV=production) believe X-Forwarded-Proto from TRUSTED_PROXIES
    alone: from anyone else a request is what it is, plain HTTP, and is redirected."""
    cluster.env.update(
        DJANGO_ENV="production", SECRET_KEY="a test-only key " * 4, ALLOWED_HOSTS="localhost"
    )
    cluster.env.pop("DEBUG", None)
    https = {"X-Forwarded-Proto": "https"}

    anyone = Browser(daphne_port(cluster, ""))
    assert anyone.request("GET", "/accounts/login/", None, https) == 301
    behind_proxy = Browser(daphne_port(cluster, "127.0.0.1"))
    assert behind_proxy.request("GET", "/accounts/login/", None, https) == 200
    assert behind_proxy.request("GET", "/accounts/login/", None, {}) == 301
