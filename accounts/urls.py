from django.urls import path

from . import views_invite

app_name = "accounts"

urlpatterns = [
    path("invite/<str:code>/", views_invite.invite, name="invite"),
]
