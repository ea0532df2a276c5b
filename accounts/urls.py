from django.urls import path

from . import views, views_invite

app_name = "accounts"

urlpatterns = [
    path("invite/<str:code>/", views_invite.invite, name="invite"),
    path("settings/", views.account_settings, name="settings"),
]
