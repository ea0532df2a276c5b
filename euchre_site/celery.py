"""The Celery app shared by the worker, beat and the web processes that queue tasks."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "euchre_site.settings")

app = Celery("euchre_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The project's own tasks module is not an app's, so autodiscovery does not see it.
app.conf.imports = ("euchre_site.tasks",)


@task_prerun.connect
@task_postrun.connect
def _drop_broken_or_old_connections(**kwargs: object) -> None:
    """What Django does around every web request: a connection past CONN_MAX_AGE or broken by
    an error is closed, so the next task opens a fresh one (CELERY_DB_REUSE_MAX keeps them)."""
    from django.db import close_old_connections

    close_old_connections()
