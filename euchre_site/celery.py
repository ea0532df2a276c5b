"""The Celery app shared by the worker, beat and the web processes that queue tasks."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")

app = Celery("euchre_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The project's own tasks module is not an app's, so autodiscovery does not see it.
app.conf.imports = ("euchre_site.tasks",)
