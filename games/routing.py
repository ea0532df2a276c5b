"""WebSocket routes of live play."""

from django.urls import path

from .live.consumers import TableConsumer
from .watch.consumers import WatchConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:game_id>/", TableConsumer.as_asgi()),
    path("ws/tables/<int:game_id>/watch/", WatchConsumer.as_asgi()),
]
