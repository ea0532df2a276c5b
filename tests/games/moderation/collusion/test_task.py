"""The daily collusion review runs on a real Celery worker over the real Redis broker, twice
without a second flag, and beat has it on its schedule."""

from __future__ import annotations

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from euchre_site.celery import app as celery_app
from games.moderation.collusion.models import CollusionFlag
from games.tasks import collusion_review

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def test_a_real_worker_runs_the_review_and_a_second_run_changes_nothing(
    redis_client, cheating_site
):
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        assert collusion_review.delay().get(timeout=120) == 1
        flag = CollusionFlag.objects.get()
        assert collusion_review.delay().get(timeout=120) == 1
    again = CollusionFlag.objects.get()
    assert again.pk == flag.pk and again.evidence == flag.evidence
    assert (again.player_low, again.player_high) == (cheating_site.ann, cheating_site.bob)


def test_beat_runs_it_once_a_day():
    entry = settings.CELERY_BEAT_SCHEDULE["games.collusion_review"]
    assert entry["task"] == collusion_review.name == "games.collusion_review"
    schedule = entry["schedule"]
    assert schedule.hour == {4} and schedule.minute == {40}
