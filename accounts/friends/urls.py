"""The friends page and its answers, at /friends/ (namespace `friends`). Sending a request is at
/friends/<id>/request/ in the games app's URLs (`games.relation.urls`): it checks the mutes."""

from django.urls import path

from . import views

app_name = "friends"

urlpatterns = [
    path("", views.friends_list, name="list"),
    path("<int:user_id>/accept/", views.accept, name="accept"),
    path("<int:user_id>/decline/", views.decline, name="decline"),
    path("<int:user_id>/cancel/", views.cancel, name="cancel"),
    path("<int:user_id>/remove/", views.remove, name="remove"),
]
