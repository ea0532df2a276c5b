from django.urls import path

from . import views, views_achievements, views_games

app_name = "rankings"

urlpatterns = [
    path("players/<int:user_id>/", views.profile, name="profile"),
    path("players/<int:user_id>/games/", views_games.player_games, name="games"),
    path("rankings/", views.ranking, name="ranking"),
    path("achievements/", views_achievements.achievements, name="achievements"),
    path("rankings/games/<int:game_id>/earned/", views.game_earned_view, name="game_earned"),
]
