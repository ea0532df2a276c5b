"""The first lesson and hints in a real browser: a newcomer takes the lesson from the lobby, reads
its first explanation, asks a hint and sees the strong player's choice with the points each
choice expects, bids, sees the lesson move on, and skips the rest (issue 53, "Hints, where they
are fair" and "A first lesson"). One site, one browser, one page, at both sizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Game

from .people import make_player, signed_in_page

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(240)]

SHOTS = Path("/tmp/h-hints-shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
# +0.25, \u22120.80 (a minus sign), 0.00: as the review writes a choice's value
POINTS = re.compile(r"^([+\u2212]\d+\.\d\d|0\.00)$")


def shots(page, name: str, artifacts: Path, at: str | None = None) -> None:
    """The page at both sizes, from its top or from the element `at`, kept with the run's
    artefacts (and for a person to look at)."""
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        if at is None:
            page.evaluate("window.scrollTo(0, 0)")
        else:
            page.locator(at).evaluate("node => node.scrollIntoView()")  # at the top
        page.screenshot(path=artifacts / f"{name}-{size}.png")
        page.screenshot(path=SHOTS / f"{name}-{size}.png", full_page=at is None and size == "phone")
    page.set_viewport_size(DESKTOP)


def test_a_newcomer_takes_the_lesson_asks_a_hint_and_skips_it(live_site, browser, artifacts):
    errors: list[str] = []
    nell = make_player("Nell")
    page = signed_in_page(browser, live_site, nell)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(DESKTOP)

    page.goto(f"{live_site}/play/")
    offer = page.locator("#lesson-offer")
    expect(offer).to_be_visible()
    shots(page, "lesson-offer", artifacts)
    page.click("#lesson-start")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    game = Game.objects.get(lesson=True, created_by=nell)

    # the first explanations: the welcome and the up card, named as the table shows it
    panel = page.locator("#lesson-panel")
    expect(panel).to_contain_text("You sit at the bottom")
    expect(panel).to_contain_text("The card turned face up beside the dealer, the king of clubs")
    expect(panel).to_have_attribute("data-step", "upcard")

    # a hint: the strong player's choice, and each choice with its expected points
    ask = page.locator("#hint-ask")
    expect(ask).to_be_visible()
    ask.click()
    answer = page.locator("#hint-answer")
    expect(answer).to_be_visible(timeout=30_000)
    expect(answer).to_contain_text("The strong player would choose:")
    choices = answer.locator(".hint-choice")
    expect(choices).to_have_count(2)
    assert sorted(choices.evaluate_all("items => items.map(item => item.dataset.action)")) == [
        "order_up",
        "pass",
    ]
    for value in answer.locator(".hint-choice .value").all_inner_texts():
        assert POINTS.match(value), value
    best = answer.locator(".hint-choice.best .words").first.inner_text()
    assert best in answer.locator(".hint-best").inner_text()
    expect(ask).to_be_disabled()  # one answer a decision
    game.refresh_from_db()
    assert game.hints_used == 1
    shots(page, "lesson-hint", artifacts)

    # ordering up moves the lesson on: the maker may go alone; then trump and the bowers, in
    # the table's words
    page.click('#actions button[data-action="order_up"]')
    expect(panel).to_contain_text("You ordered up the king of clubs", timeout=30_000)
    expect(panel).to_contain_text("you may go alone")
    expect(answer).to_have_count(0)  # the answer was for the bid
    page.click('#actions button[data-action="not_alone"]')
    expect(panel).to_contain_text("Clubs is trump", timeout=30_000)
    expect(panel).to_contain_text("the jack of spades, the left bower")
    shots(page, "lesson-trump", artifacts)

    # skipping: the table closes, the lobby says so and no longer offers the lesson
    page.click("#lesson-skip")
    page.wait_for_url(re.compile(r".*/play/$"))
    expect(page.locator(".messages")).to_contain_text("You left the lesson")
    expect(page.locator("#lesson-offer")).to_have_count(0)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and not game.has_winner
    # and the rules page offers it again
    page.goto(f"{live_site}/rules/")
    expect(page.locator("#rules-lesson-start")).to_be_visible()
    shots(page, "rules-lesson", artifacts, at="#first-lesson")
    assert errors == []
