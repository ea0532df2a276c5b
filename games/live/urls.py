"""The URLs of a player's chat mutes (in the `games` namespace: `games/urls.py`)."""

from django.urls import path

from . import views

urlpatterns = [
    path("play/muted/", views.mutes, name="mutes"),
    path("play/muted/<int:mute_id>/unmute/", views.unmute, name="unmute"),
]
