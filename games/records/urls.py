"""The URLs of a finished game's record, its downloads and its review (in the `games`
namespace: `games/urls.py`)."""

from django.urls import path

from . import views
from .review import views as review_views

urlpatterns = [
    path("games/<int:game_id>/", views.game_record_page, name="record"),
    path("games/<int:game_id>/history.json", views.game_history_json, name="history_json"),
    path("games/<int:game_id>/share/", views.game_record_share, name="record_share"),
    path("games/<int:game_id>/review/", review_views.review_request_view, name="review_request"),
    path("games/<int:game_id>/review.json", review_views.review_status_view, name="review_status"),
    path(
        "games/<int:game_id>/score-sheet.txt",
        views.game_score_sheet_text,
        name="score_sheet_text",
    ),
]
