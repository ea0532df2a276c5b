"""The URLs of a player's side of moderation (in the `games` namespace: `games/urls.py`)."""

from django.urls import path

from . import views

urlpatterns = [
    path(
        "play/warnings/<int:decision_id>/acknowledge/",
        views.warning_acknowledge_view,
        name="warning_acknowledge",
    ),
    path("tables/<int:game_id>/report/", views.table_report, name="report"),
]
