"""Sending a friend request (in the `games` namespace: `games/urls.py`), beside the friends
page's own URLs at /friends/ (`accounts.friends.urls`)."""

from django.urls import path

from . import views

urlpatterns = [
    path(
        "friends/<int:user_id>/request/", views.friend_request_send_view, name="friend_request_send"
    ),
]
