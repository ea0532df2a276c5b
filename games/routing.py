"""WebSocket routes of live play, and the site socket every page holds (presence)."""

from django.urls import path

from .live.consumers import TableConsumer
from .presence.consumers import SiteConsumer
from .watch.consumers import WatchConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:game_id>/", TableConsumer.as_asgi()),
    path("ws/tables/<int:game_id>/watch/", WatchConsumer.as_asgi()),
    path("ws/site/", SiteConsumer.as_asgi()),
]
