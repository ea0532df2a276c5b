"""A game review on a real Celery worker over the real Redis broker: asked for once, run in
slices (each queuing the next) until its progress reaches 100%; messages for it delivered
again do nothing; and beat sweeps the quiet reviews."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings

from euchre_site.celery import app as celery_app
from games.records.review.models import GameReview
from games.records.review.services.requests import review_request
from games.tasks import game_review, sweep_stalled_reviews

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def wait_until_done(review_id: int, timeout: float = 120) -> tuple[GameReview, list[int]]:
    """The review once done, and the progress seen on the way."""
    seen: list[int] = []
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        review = GameReview.objects.get(pk=review_id)
        if not seen or seen[-1] != review.percent:
            seen.append(review.percent)
        if review.status == GameReview.Status.DONE:
            return review, seen
        assert review.status != GameReview.Status.FAILED, review.error
        time.sleep(0.05)
    raise AssertionError(f"the review did not finish in {timeout} s: {seen}")


def test_a_real_worker_reviews_the_game_to_100_percent(reviewed_game, empty_queue, settings):
    # one decision a run (every run makes at least one): many slices, as a long review would
    # take, however fast the machine (a 0.5 s slice once took the whole game in one run)
    settings.GAME_REVIEW_SLICE_SECONDS = 0
    game, ann, _bob, _state = reviewed_game
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        review = review_request(game_id=game.pk, user_id=ann.pk)
        done, seen = wait_until_done(review.pk)
        assert done.percent == 100 and done.decisions_done == done.decisions_total > 10
        assert done.runs == done.decisions_total  # it went on slice after slice
        assert any(0 < percent < 100 for percent in seen)  # progress showed on the way
        # the same message again (a redelivery, a sweeper's): nothing changes
        assert game_review.delay(review.pk).get(timeout=60) is None
    again = GameReview.objects.get(pk=review.pk)
    assert again.decisions == done.decisions and again.runs == done.runs
    assert GameReview.objects.count() == 1


def test_beat_sweeps_the_quiet_reviews_every_minute():
    entry = settings.CELERY_BEAT_SCHEDULE["games.sweep_stalled_reviews"]
    assert entry["task"] == sweep_stalled_reviews.name == "games.sweep_stalled_reviews"
    assert entry["schedule"] == 60.0
