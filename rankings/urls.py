from django.urls import path

from . import views

app_name = "rankings"

urlpatterns = [
    path("players/<int:user_id>/", views.profile, name="profile"),
    path("rankings/", views.ranking, name="ranking"),
]
