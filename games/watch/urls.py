"""The watch page's URL (in the `games` namespace: `games/urls.py`)."""

from django.urls import path

from . import views

urlpatterns = [
    path("tables/<int:game_id>/watch/", views.table_watch, name="watch"),
]
