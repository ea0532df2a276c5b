from django.urls import path

from . import views

app_name = "economy"

urlpatterns = [
    path("", views.wallet, name="wallet"),
]
