from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("", include("games.urls")),
    path("", include("rankings.urls")),
    path("champions/", include("leagues.urls_champions")),
    path("leagues/", include("leagues.urls")),
    path("coins/", include("economy.urls")),
    path("coins/", include("economy.urls_purchases")),
    path("accounts/", include("accounts.urls")),
    path("notifications/", include("accounts.urls_notifications")),
    path("friends/", include("accounts.friends.urls")),
    path("accounts/", include("allauth.urls")),
    # not /admin/: staff only, at the path the settings name (docs/operating.md: ADMIN_PATH)
    path(settings.ADMIN_PATH, admin.site.urls),
]

# the site's own pages when DEBUG is off (euchre_site.error_pages)
handler404 = "euchre_site.error_pages.not_found"
handler500 = "euchre_site.error_pages.server_error"
