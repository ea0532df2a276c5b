"""The Django admin for staff only, at settings.ADMIN_PATH.

Its own login form is never shown: visitors log in through allauth's login, which is rate
limited, and are sent back. Players who are logged in but are not staff get 404, so the admin
is not advertised to them. `admin.site` stays the registry every app registers on.
"""

from __future__ import annotations

from functools import update_wrapper
from typing import Any

from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.sites import AdminSite
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


class StaffAdminSite(AdminSite):
    site_header = "Euchre staff"
    site_title = "Euchre staff"

    def admin_view(self, view: Any, cacheable: bool = False) -> Any:
        checked = super().admin_view(view, cacheable)

        def staff_only(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.user.is_authenticated and not self.has_permission(request):
                raise Http404
            return checked(request, *args, **kwargs)

        return update_wrapper(staff_only, checked)

    def login(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        wanted = request.GET.get(REDIRECT_FIELD_NAME, "")
        if not url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            wanted = ""
        wanted = wanted or reverse("admin:index", current_app=self.name)
        if not request.user.is_authenticated:
            # imported here: django.contrib.auth.views loads models, and this module is loaded
            # with the app registry (INSTALLED_APPS), before models may be
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(wanted, reverse("account_login"))
        if not self.has_permission(request):
            raise Http404
        return HttpResponseRedirect(wanted)


class StaffAdminConfig(AdminConfig):
    default_site = "euchre_site.staff_admin.StaffAdminSite"
