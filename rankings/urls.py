from django.urls import path

from . import views

app_name = "rankings"

urlpatterns = [
    path("players/<int:user_id>/", views.profile, name="profile"),
]
