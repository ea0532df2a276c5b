"""WebSocket routes of live play."""

from django.urls import path

from .consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:game_id>/", TableConsumer.as_asgi()),
]
