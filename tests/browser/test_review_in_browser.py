"""In chromium: a player opens their finished game's record, asks for the computer's review,
watches the progress bar, then reads their mistakes, the biggest first; someone who did not
play sees no review. Screenshots at desktop and phone size go to var/test-artifacts/review/
(and /tmp/review-*.png)."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.people import make_player, signed_in_page
from tests.games.finished_games import finished_game_store
from tests.games.records.review.careless import careless_at_seat_0

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}


def test_a_player_asks_for_the_review_watches_it_run_and_reads_their_mistakes(
    live_site, browser, artifacts
):
    shots = artifacts / "review"
    shots.mkdir(exist_ok=True)
    ann, cid = make_player("Ann"), make_player("Cid")
    game, _state = finished_game_store(
        [ann, None, None, None], seed="browser-review", choose=careless_at_seat_0
    )
    page = signed_in_page(browser, live_site, ann)
    page.goto(f"{live_site}/games/{game.pk}/")
    ask = page.get_by_role("button", name="Review my play")
    assert ask.is_visible()
    assert page.locator("[data-review-progress]").is_hidden()
    page.locator("#review").screenshot(path=shots / "ask-desktop.png")

    ask.click()
    bar = page.locator("[data-review-progress] progress")
    bar.wait_for(state="visible")
    assert ask.is_hidden()
    page.locator("#review").screenshot(path=shots / "progress-desktop.png")
    try:  # a picture of the bar on its way, if a poll comes before the end (not a check)
        page.locator("[data-review-count]", has_text=" of ").wait_for(timeout=20_000)
        page.locator("#review").screenshot(path=shots / "progress-counted-desktop.png")
    except PlaywrightTimeout:
        pass
    first = page.locator(".review-mistakes .review-item").first
    first.wait_for(timeout=120_000)
    assert bar.is_hidden()
    assert first.get_attribute("data-verdict") in ("blunder", "mistake")
    assert "You chose" in first.inner_text() and "Best was" in first.inner_text()
    losses = [
        float(text.replace("\u2212", "-"))
        for text in page.locator(".review-mistakes .review-item .loss").all_inner_texts()
    ]
    assert losses == sorted(losses) and losses[0] < 0  # shown negative, the biggest loss first
    for count in page.locator(".review-summary .review-count[data-verdict]").all_inner_texts():
        number, word = count.split(" ", 1)  # "1 inaccuracy", "2 inaccuracies", "0 blunders"
        assert (word in ("blunder", "mistake", "inaccuracy")) == (number == "1"), count
    page.locator("#review").screenshot(path=shots / "mistakes-desktop.png")
    page.locator("#review").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('review').scrollIntoView()")
    page.screenshot(path=shots / "mistakes-desktop-view.png")

    # a reload shows the stored review at once, with no button and no bar
    page.reload()
    page.locator(".review-mistakes .review-item").first.wait_for()
    assert page.get_by_role("button", name="Review my play").count() == 0 or ask.is_hidden()

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.add_cookies(page.context.cookies())
    small = phone.new_page()
    small.goto(f"{live_site}/games/{game.pk}/#review")
    small.locator(".review-mistakes .review-item").first.wait_for()
    small.locator("#review").screenshot(path=shots / "mistakes-phone.png")
    small.evaluate("document.getElementById('review').scrollIntoView()")
    small.screenshot(path=shots / "mistakes-phone-view.png")
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing sticks out sideways
    phone.close()

    other = signed_in_page(browser, live_site, cid)
    other.goto(f"{live_site}/games/{game.pk}/")
    assert other.locator("#review").count() == 0
    refused = other.request.get(
        f"{live_site}/games/{game.pk}/review.json", headers={"Accept": "application/json"}
    )
    assert refused.status == 403
    assert refused.json()["message"].startswith("Only the players of this game")
    for shot in shots.glob("*.png"):
        shutil.copy(shot, f"/tmp/review-{shot.name}")
