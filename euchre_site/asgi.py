"""ASGI entry point: Django for HTTP, Channels for WebSocket (served by daphne)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
# Django must be set up before anything imports models (consumers, auth middleware).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from euchre_site.autobahn_logs import autobahn_plain_log_arguments  # noqa: E402
from euchre_site.busy import SocketBusyGuard  # noqa: E402
from euchre_site.origins import SameOriginValidator  # noqa: E402
from euchre_site.proxies import ProxyHeadersMiddleware  # noqa: E402
from euchre_site.routing import websocket_urlpatterns  # noqa: E402
from euchre_site.socket_sends import ClosedSocketSends  # noqa: E402
from games.collector import long_running_gc  # noqa: E402
from games.live.flood_gate import FloodCooldownGate  # noqa: E402

# The client's address and scheme are settled first, for both protocols (TRUSTED_PROXIES).
application = ProxyHeadersMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            # Foreign origins, a flooder's session cooling down and anonymous users are
            # refused before any consumer runs; an exhausted database pool while reading the
            # session is a clean "busy" refusal. A send to a client that went away is dropped.
            "websocket": ClosedSocketSends(
                SameOriginValidator(
                    FloodCooldownGate(
                        SocketBusyGuard(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
                    )
                )
            ),
        }
    )
)

autobahn_plain_log_arguments()
long_running_gc()  # the app is loaded: keep it out of the collector's scans
