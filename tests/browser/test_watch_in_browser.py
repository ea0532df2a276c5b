"""Issue 22 on the live site (daphne, the worker, Debian's chromium): while a person plays a
whole three-handed game against computers, a second person finds the table in the lobby,
watches it to its end (no hand, no controls, no chat input; every frame the watcher's socket
receives holds no card of a trick in progress), the player sees one person watching, and the
watcher then opens the record and downloads the game's hand history. The game is issue 20's
whole three-handed game too (one game played for both): the player clicks through each hand's
summary to the game-over summary with its game points, and presses "Play again"."""

from __future__ import annotations

import json
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connection

from games.engine import RuleOptions, preset_rules
from games.models import Game
from games.players.names import computer_name
from games.selectors import engine_game
from games.tables.services.tables import table_create, table_start

from .people import make_player, signed_in_page
from .test_variants_live_in_browser import (
    FRAME_COUNT,
    SUMMARY_LOG,
    game_over_summary,
    play_again_opens_the_same_rules,
    play_to_the_end,
    shown_summaries,
    table_against_computers,
)

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.timeout(300)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SHOTS = Path("/work/shots/watch")

# every frame the watch page's socket receives, kept for the test to read
WATCHER_FRAMES = """
window.__watched = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => window.__watched.push(JSON.parse(event.data)));
  }
};
"""


def keep(page, artifacts: Path, name: str) -> None:
    """A screenshot in the test artifacts, and a copy under /work/shots/watch when it exists."""
    path = artifacts / f"watch-{name}.png"
    page.screenshot(path=path, full_page=True)
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(path, SHOTS / path.name)


def private_table_started(user_id: int) -> int:
    """A private table of `user_id` with computers, started (off Playwright's thread)."""

    def open_and_start() -> int:
        try:
            game = table_create(creator_id=user_id, kind=Game.Kind.PRIVATE, rules=RuleOptions())
            table_start(game_id=game.pk, user_id=user_id)
            return game.pk
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(open_and_start).result()


def watched_until(page, artifacts: Path, selector: str, kept: set[str]) -> None:
    """The watch page still shows the tricks and hand summaries it queued while the game went
    on (each for its moment, a trick 1.4 s: the page ends well after the game): clicking the
    felt moves on through them until `selector` shows (a screenshot of the first complete trick
    shown on the way, once: `kept`)."""
    for _ in range(120):
        if page.locator(selector).count():
            return
        if "trick" not in kept and page.locator("#trick [data-card]").count() >= 3:
            keep(page, artifacts, "trick-laptop")
            kept.add("trick")
        page.click("#felt")
        page.wait_for_timeout(250)
    page.wait_for_selector(selector, timeout=15_000)


def test_a_second_browser_watches_a_live_game_to_its_end_and_downloads_its_history(
    live_site, browser, artifacts
):
    player = make_player("Wanda")
    viewer = make_player("Victor")
    page = signed_in_page(browser, live_site, player)
    page.context.add_init_script(SUMMARY_LOG)
    page.context.add_init_script(FRAME_COUNT)
    # seed 003: "Three-handed: each player plays for himself" (the maker against the other two,
    # a game to 3 to keep it short), on a fixed deal: the computers choose from the game's seed
    # too, so the game is the same each run
    rules = preset_rules("three_handed", target_score=3)
    game_id = table_against_computers(player.pk, rules, seed="three-handed-live")
    page.goto(f"{live_site}/tables/{game_id}/")
    page.wait_for_selector("#my-hand button.card", timeout=15_000)
    page.wait_for_function("window.__frames > 0", timeout=15_000)
    # three seats around the felt, each computer by its own name with its level
    assert Game.objects.get(pk=game_id).seats.count() == 3
    labels = page.eval_on_selector_all("#felt .seat-name", "names => names.map(n => n.title)")
    computers = [computer_name(level="strong", game_id=game_id, position=p) for p in (1, 2)]
    assert sorted(labels) == sorted([f"{name} · strong" for name in computers] + ["Wanda"]), labels

    # the viewer finds the table in the lobby, with the site's life and the rules
    eye = signed_in_page(browser, live_site, viewer)
    eye.context.add_init_script(WATCHER_FRAMES)
    eye.goto(f"{live_site}/play/")
    live = eye.locator(f'#live-now .live-table[data-game="{game_id}"]')
    assert "Wanda" in live.inner_text() and "Three-handed" in live.inner_text()
    assert int(eye.locator("#site-life [data-online]").inner_text()) >= 2
    assert eye.locator("#rules-link").get_attribute("href") == "/rules/"
    keep(eye, artifacts, "lobby-laptop")
    eye.set_viewport_size(PHONE)
    keep(eye, artifacts, "lobby-phone")
    eye.set_viewport_size(LAPTOP)
    live.locator("a.watch-link").click()
    eye.wait_for_url(f"{live_site}/tables/{game_id}/watch/")
    eye.wait_for_selector("#felt .seat-name", timeout=15_000)
    assert eye.locator("#watching-banner").is_visible()
    for control in ("#my-hand", "#actions", "#chat-form", "#cancel-form"):
        assert eye.locator(control).count() == 0, control
    # the player sees one person watching
    page.wait_for_selector("#watchers:not([hidden])", timeout=15_000)
    assert page.locator("#watchers").inner_text() == "1 person watching"
    keep(page, artifacts, "player-laptop")
    eye.wait_for_selector("#trick [data-card]", timeout=15_000)  # a trick on the watcher's felt
    keep(eye, artifacts, "playing-laptop")
    eye.set_viewport_size(PHONE)
    keep(eye, artifacts, "playing-phone")
    eye.set_viewport_size(LAPTOP)

    offered = play_to_the_end(
        page,
        game_id,
        0,
        {
            "bid1": artifacts / "three-handed-bid-laptop.png",
            "play": artifacts / "three-handed-play-laptop.png",
        },
    )
    assert offered
    assert not any(action in offered for action in ("alone", "not_alone"))  # the maker is alone
    game = Game.objects.get(pk=game_id)
    engine = engine_game(game)
    assert game.status == Game.Status.FINISHED

    # the watcher's page comes to the end too, with the record's link in its banner
    kept: set[str] = set()
    watched_until(eye, artifacts, "#watch-record:not([hidden])", kept)
    keep(eye, artifacts, "finished-laptop")
    watched_until(eye, artifacts, "#game-over", kept)
    text = eye.locator("#game-over").inner_text()
    assert "Game over" in text and "You" not in text.split("\n")[0]
    frames = eye.evaluate("window.__watched.filter(f => f.type === 'state')")
    assert len(frames) > 5 and frames[-1]["status"] == "finished"
    assert frames[-1]["version"] == game.version
    for frame in frames:
        assert frame["my_seat"] is None and frame["view"]["hand"] == []
        if frame["status"] == "playing":
            assert frame["view"]["trick"] == [], frame["version"]  # only complete tricks
    eye.set_viewport_size(PHONE)
    keep(eye, artifacts, "finished-phone")
    eye.set_viewport_size(LAPTOP)

    # the record page, and its hand history downloaded
    eye.click("#watch-record")
    eye.wait_for_url(f"{live_site}/games/{game_id}/")
    with eye.expect_download() as download_info:
        eye.click("a[href$='history.json']")
    download = download_info.value
    history = json.loads(Path(download.path()).read_text())
    assert len(json.dumps(history)) > 100
    hands = history.get("hands") or history.get("game", {}).get("hands")
    assert hands is not None and len(hands) == len(engine.history)
    keep(eye, artifacts, "record-laptop")

    # a private table Victor was not invited to: the 403 page, in the site's look
    host = make_player("Hester")
    private_id = private_table_started(host.pk)
    answer = eye.goto(f"{live_site}/tables/{private_id}/watch/")
    assert answer is not None and answer.status == 403
    assert "invited" in eye.locator("#watch-refused").inner_text()
    keep(eye, artifacts, "refused-laptop")
    eye.set_viewport_size(PHONE)
    keep(eye, artifacts, "refused-phone")

    # the player's side: each hand's summary, then the game's, and "Play again"
    text = game_over_summary(page)
    assert "Game over" in text
    assert ("You win!" in text) == (0 in engine.winning_seats)
    # each player keeps his own score: all three scores shown, and my game points
    for score in engine.score:
        assert str(score) in text
    assert re.search(r"\d+ game points? for the monthly rankings: your score", text)
    hands = len(engine.history)
    assert {f"Hand {number}" for number in range(1, hands + 1)} <= shown_summaries(page)
    page.screenshot(path=artifacts / "three-handed-game-over-laptop.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=artifacts / "three-handed-game-over-phone.png")
    page.set_viewport_size(LAPTOP)
    play_again_opens_the_same_rules(page, live_site, game)
    page.screenshot(path=artifacts / "three-handed-play-again-laptop.png")
