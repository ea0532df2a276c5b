"""Every app's WebSocket routes, gathered for the ASGI application."""

from games.routing import websocket_urlpatterns as games_patterns

websocket_urlpatterns = [*games_patterns]
