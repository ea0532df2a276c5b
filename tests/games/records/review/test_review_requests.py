"""Asking for a game review: only a player of the game, only once it is over; asking twice, or
twice at once, makes one review and queues one task (read from the real broker's queue); a
review that failed or went quiet is queued again, by a request or by the sweeper."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from games.errors import Refused
from games.models import Game
from games.records.review.models import GameReview
from games.records.review.services.requests import (
    GAME_REVIEW,
    review_request,
    stale_reviews_requeue,
)
from tests.celery_queue import queue_clear, queued
from tests.games.finished_games import game_result_store

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]
JSON = {"HTTP_ACCEPT": "application/json"}


def ask(client, game_id: int):
    return client.post(reverse("games:review_request", args=[game_id]), **JSON)


def test_asking_twice_makes_one_review_and_queues_one_task(client, reviewed_game, empty_queue):
    game, ann, _bob, _state = reviewed_game
    client.force_login(ann)
    first, second = ask(client, game.pk), ask(client, game.pk)
    assert first.status_code == second.status_code == 202
    assert first.json()["status"] == second.json()["status"] == "queued"
    review = GameReview.objects.get()
    assert (review.game_id, review.seat, review.requested_by_id) == (game.pk, 0, ann.pk)
    assert queued(empty_queue) == [(GAME_REVIEW, [review.pk])]


def test_two_requests_at_once_make_one_review_and_one_task(reviewed_game, empty_queue):
    game, ann, _bob, _state = reviewed_game
    start, made, errors = threading.Barrier(2), [], []

    def request() -> None:
        try:
            start.wait()
            made.append(review_request(game_id=game.pk, user_id=ann.pk).pk)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=request) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert len(set(made)) == 1 and GameReview.objects.count() == 1
    assert queued(empty_queue) == [(GAME_REVIEW, [made[0]])]


def test_someone_who_did_not_play_is_refused(client, reviewed_game, make_player, empty_queue):
    game, *_ = reviewed_game
    client.force_login(make_player("Cid"))
    refused = ask(client, game.pk)
    assert refused.status_code == 403
    assert refused.json()["message"].startswith("Only the players of this game")
    looked = client.get(reverse("games:review_status", args=[game.pk]), **JSON)
    assert looked.status_code == 403
    page = client.get(reverse("games:record", args=[game.pk]))
    assert page.status_code == 200 and b"Review my play" not in page.content
    assert not GameReview.objects.exists() and queued(empty_queue) == []


def test_a_game_not_over_is_refused(client, make_player, empty_queue):
    ann = make_player("Ann")
    playing = game_result_store(
        [ann, None, None, None], score=(4, 6), winner_team=None, status=Game.Status.PLAYING
    )
    client.force_login(ann)
    refused = ask(client, playing.pk)
    assert refused.status_code == 403
    assert refused.json()["message"] == "A game can be reviewed once it is over."
    with pytest.raises(Refused) as caught:
        review_request(game_id=playing.pk, user_id=ann.pk)
    assert caught.value.code == "not_over"
    assert ask(client, 999_999).status_code == 404
    assert not GameReview.objects.exists() and queued(empty_queue) == []


def test_a_visitor_is_sent_to_log_in(client, reviewed_game):
    game, *_ = reviewed_game
    response = client.post(reverse("games:review_request", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not GameReview.objects.exists()


def test_each_player_has_their_own_review(client, reviewed_game, empty_queue):
    game, ann, bob, _state = reviewed_game
    client.force_login(ann)
    ask(client, game.pk)
    client.force_login(bob)
    mine = client.get(reverse("games:review_status", args=[game.pk]), **JSON).json()
    assert (mine["seat"], mine["status"]) == (2, "none")
    page = client.get(reverse("games:record", args=[game.pk]))
    assert b"Review my play" in page.content


def test_without_script_the_form_comes_back_to_the_page(client, reviewed_game, empty_queue):
    game, ann, *_ = reviewed_game
    client.force_login(ann)
    response = client.post(reverse("games:review_request", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:record", args=[game.pk]) + "#review"
    assert GameReview.objects.count() == 1


def test_a_failed_or_quiet_review_is_queued_again_and_a_live_one_is_not(
    reviewed_game, empty_queue, settings
):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    queue_clear(empty_queue)
    review_request(game_id=game.pk, user_id=ann.pk)  # queued a moment ago: alive
    assert queued(empty_queue) == []
    GameReview.objects.filter(pk=review.pk).update(status="failed", error="boom")
    review_request(game_id=game.pk, user_id=ann.pk)
    assert queued(empty_queue) == [(GAME_REVIEW, [review.pk])]
    review.refresh_from_db()
    assert (review.status, review.error) == ("queued", "")
    queue_clear(empty_queue)
    quiet = timezone.now() - timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS + 1)
    GameReview.objects.filter(pk=review.pk).update(
        status="running", run_token="dead-worker", heartbeat_at=quiet
    )
    review_request(game_id=game.pk, user_id=ann.pk)
    assert queued(empty_queue) == [(GAME_REVIEW, [review.pk])]
    review.refresh_from_db()
    assert (review.status, review.run_token) == ("queued", "")  # the dead run lost its claim


def test_the_sweeper_queues_the_quiet_reviews_once(reviewed_game, empty_queue, settings):
    game, ann, bob, _state = reviewed_game
    quiet_one = review_request(game_id=game.pk, user_id=ann.pk)
    live_one = review_request(game_id=game.pk, user_id=bob.pk)
    queue_clear(empty_queue)
    quiet = timezone.now() - timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS + 1)
    GameReview.objects.filter(pk=quiet_one.pk).update(status="running", heartbeat_at=quiet)
    assert stale_reviews_requeue() == 1
    assert stale_reviews_requeue() == 0  # its heartbeat is now: not twice
    assert queued(empty_queue) == [(GAME_REVIEW, [quiet_one.pk])]
    live_one.refresh_from_db()
    assert live_one.status == "queued"


def test_staff_see_the_reviews_and_their_progress_read_only(client, reviewed_game, make_player):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    staff = make_player("Sam")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    listing = client.get(reverse("admin:games_gamereview_changelist"))
    assert listing.status_code == 200 and b"0 of 0 (0%)" in listing.content
    page = client.get(reverse("admin:games_gamereview_change", args=[review.pk]))
    assert page.status_code == 200 and b'name="_save"' not in page.content
