"""A real Celery worker, on the real Redis broker, runs the project's tasks."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker

from euchre_site.celery import app as celery_app
from euchre_site.tasks import worker_health

pytestmark = pytest.mark.services


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_a_task_that_reaches_postgresql_and_redis(redis_client):
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        result = worker_health.delay().get(timeout=30)
    assert result["database"] == "postgresql"
    assert result["cache"] is True
