"""Every app's WebSocket routes, gathered for the ASGI application."""

from channels.security.websocket import WebsocketDenier
from django.urls import re_path

from games.routing import websocket_urlpatterns as games_patterns

websocket_urlpatterns = [
    *games_patterns,
    # any other path is refused before it is accepted (URLRouter would raise: a server error)
    re_path(r"", WebsocketDenier.as_asgi()),
]
