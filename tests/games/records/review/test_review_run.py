"""A review's run: made in slices it is the review made at once (each slice resumes from the
verdicts stored, and queues the rest); a run that lost its claim stops, a dead run is taken
over, one that keeps dying fails; and the page's JSON holds the player's own decisions only,
the biggest loss first, with no other seat's unplayed card."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.engine import GameState, RuleOptions
from games.records.review.models import GameReview
from games.records.review.services import run as review_run_module
from games.records.review.services.requests import GAME_REVIEW, review_request
from games.records.review.services.run import RESTARTS_LIMIT, review_run
from tests.celery_queue import queue_clear, queued
from tests.games.finished_games import finished_game_store
from tests.games.records.review.careless import careless_at_seat_0

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def test_a_review_made_in_slices_is_the_review_made_at_once(
    reviewed_game, make_player, empty_queue, settings
):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    runs = 0
    while True:
        queue_clear(empty_queue)
        status = review_run(review_id=review.pk, slice_seconds=0)
        runs += 1
        review.refresh_from_db()
        if status == "done":
            break
        # one decision a slice, stored, and the rest queued
        assert status == "queued" and review.decisions_done == runs
        assert queued(empty_queue) == [(GAME_REVIEW, [review.pk])]
    assert runs == review.decisions_total > 10
    assert review.percent == 100 and review.runs == runs and review.finished_at is not None
    assert review_run(review_id=review.pk) is None  # done: a late message does nothing

    # the same game for other players, reviewed in one run
    cid = make_player("Cid")
    twin, _ = finished_game_store(
        [cid, None, None, None], seed="review-site", choose=careless_at_seat_0
    )
    at_once = review_request(game_id=twin.pk, user_id=cid.pk)
    assert review_run(review_id=at_once.pk, slice_seconds=600) == "done"
    at_once.refresh_from_db()
    assert at_once.runs == 1 and at_once.decisions == review.decisions


def test_a_run_that_lost_its_claim_stops(reviewed_game, empty_queue, monkeypatch):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    real = review_run_module.decision_review
    calls = []

    def taken_over_after_one(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:  # meanwhile the sweeper gave the review to another run
            GameReview.objects.filter(pk=review.pk).update(run_token="another-run")
        return real(*args, **kwargs)

    monkeypatch.setattr(review_run_module, "decision_review", taken_over_after_one)
    assert review_run(review_id=review.pk, slice_seconds=600) is None
    review.refresh_from_db()
    assert review.decisions_done == 1 and review.run_token == "another-run"
    assert review.status == "running"


def test_a_live_run_is_left_alone_and_a_dead_one_taken_over(reviewed_game, settings):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    GameReview.objects.filter(pk=review.pk).update(status="running", run_token="alive")
    assert review_run(review_id=review.pk) is None
    review.refresh_from_db()
    assert (review.run_token, review.runs, review.decisions_done) == ("alive", 0, 0)

    quiet = timezone.now() - timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS + 1)
    GameReview.objects.filter(pk=review.pk).update(heartbeat_at=quiet)
    assert review_run(review_id=review.pk, slice_seconds=0) == "queued"
    review.refresh_from_db()
    assert review.restarts == 1 and review.decisions_done == 1


def test_a_review_whose_runs_keep_dying_fails(reviewed_game, settings):
    game, ann, _bob, _state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    quiet = timezone.now() - timedelta(seconds=settings.GAME_REVIEW_STALE_SECONDS + 1)
    GameReview.objects.filter(pk=review.pk).update(
        status="running", heartbeat_at=quiet, restarts=RESTARTS_LIMIT
    )
    assert review_run(review_id=review.pk) is None
    review.refresh_from_db()
    assert review.status == "failed" and "stopped" in review.error


def test_the_page_s_json_holds_my_decisions_biggest_loss_first_and_no_hidden_card(
    client, reviewed_game
):
    game, ann, _bob, state = reviewed_game
    review = review_request(game_id=game.pk, user_id=ann.pk)
    assert review_run(review_id=review.pk, slice_seconds=600) == "done"
    client.force_login(ann)
    document = client.get(
        reverse("games:review_status", args=[game.pk]), HTTP_ACCEPT="application/json"
    ).json()
    assert (document["status"], document["percent"], document["seat"]) == ("done", 100, 0)
    decisions = document["decisions"]
    assert len(decisions) == document["total"] == document["summary"]["decisions"]
    losses = [decision["loss"] for decision in decisions]
    assert losses == sorted(losses, reverse=True)
    counts = document["summary"]["counts"]
    assert counts["blunder"] + counts["mistake"] > 0  # seat 0 played at random
    worst = decisions[0]
    assert worst["verdict"] in ("blunder", "mistake")
    gap = worst["best"]["value"] - worst["played"]["value"]
    assert gap == pytest.approx(worst["loss"], abs=0.01)

    # replay the game: at each decision, the other seats' unplayed cards and the kitty
    replay = GameState(RuleOptions(), game.seed)
    by_index = {decision["index"]: decision for decision in decisions}
    checked = 0
    for index, action in enumerate(state.actions):
        if index in by_index:
            hidden = {card for seat in (1, 2, 3) for card in replay.hand.hands[seat]}
            hidden |= set(replay.hand.kitty)
            hidden.discard(replay.hand.upcard)  # turned up for everyone to see
            shown = _cards_in(by_index[index])
            assert not shown & hidden, (index, shown & hidden)
            assert {card["code"] for card in by_index[index]["hand"]} == set(replay.hand.hands[0])
            checked += 1
        replay.apply(action)
    assert checked == len(decisions)


def _cards_in(value) -> set[str]:
    """Every card code in a piece of the JSON (card objects, and cards inside actions)."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "code" in value:
            found.add(value["code"])
        for key, item in value.items():
            if key == "action" and ":" in item:
                found.update(item.split(":", 1)[1].split(","))
            else:
                found |= _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= _cards_in(item)
    return found
