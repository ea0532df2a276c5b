"""The Euchre site's Django project: settings, ASGI application and Celery app."""

from .celery import app as celery_app

__all__ = ("celery_app",)
