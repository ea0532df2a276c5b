from django.urls import path

from . import views_champions

app_name = "champions"

urlpatterns = [
    path("", views_champions.index, name="index"),
    path("enter/", views_champions.enter, name="enter"),
    path("tables/open/", views_champions.table_open, name="table_open"),
    path("tables/<int:game_id>/sit/", views_champions.table_sit, name="table_sit"),
    path("<int:year>/<int:month>/", views_champions.past_month, name="month"),
]
