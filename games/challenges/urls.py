"""The challenges' URLs (in the `games` namespace: `games/urls.py`)."""

from django.urls import path

from . import views

urlpatterns = [
    path("challenges/", views.challenges, name="challenges"),
    path("challenges/new/", views.challenge_new, name="challenge_new"),
    path("challenges/<int:challenge_id>/", views.challenge, name="challenge"),
    path(
        "challenges/<int:challenge_id>/accept/",
        views.challenge_accept_view,
        name="challenge_accept",
    ),
    path(
        "challenges/<int:challenge_id>/decline/",
        views.challenge_decline_view,
        name="challenge_decline",
    ),
    path(
        "challenges/<int:challenge_id>/withdraw/",
        views.challenge_cancel_view,
        name="challenge_cancel",
    ),
]
