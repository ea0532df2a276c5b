"""WSGI entry point, for management tools that expect one; the site is served over ASGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")
application = get_wsgi_application()
