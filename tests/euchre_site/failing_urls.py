"""The site's URLs plus one view that fails, for the tests of the 500 page (ROOT_URLCONF)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from euchre_site.urls import handler404, handler500
from euchre_site.urls import urlpatterns as site_urlpatterns

FAILING_PATH = "/test-only/fails/"


def fails(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a view that fails, for the 500 page's tests")


urlpatterns = [path(FAILING_PATH.strip("/") + "/", fails), *site_urlpatterns]
__all__ = ["handler404", "handler500", "urlpatterns"]
